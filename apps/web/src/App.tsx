import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { type QueryHolder, QueryHolderContext } from './api/queryHolder';
import { AppRoutes } from './app/routes';
import { FullScreenSpinner } from './components/Spinner';
import { ToastProvider } from './components/Toast';
import { AuthProvider, useAuth } from './session/auth';

function AuthGate() {
  const { checked } = useAuth();
  return checked ? <AppRoutes /> : <FullScreenSpinner />;
}

export function App() {
  // Filled by the first page that reads through TanStack Query (api/queries.tsx); one per app, as before.
  const [queries] = useState<QueryHolder>(() => ({}));
  return (
    <QueryHolderContext.Provider value={queries}>
      <ToastProvider>
        <AuthProvider>
          <BrowserRouter>
            <AuthGate />
          </BrowserRouter>
        </AuthProvider>
      </ToastProvider>
    </QueryHolderContext.Provider>
  );
}
