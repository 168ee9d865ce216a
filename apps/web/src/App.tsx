import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider, useAuth } from './app/auth';
import { type QueryHolder, QueryHolderContext } from './app/queryHolder';
import { AppRoutes } from './app/routes';
import { FullScreenSpinner } from './components/Spinner';
import { ToastProvider } from './components/Toast';

function AuthGate() {
  const { checked } = useAuth();
  return checked ? <AppRoutes /> : <FullScreenSpinner />;
}

export function App() {
  // Filled by the first page that reads through TanStack Query (app/queries.tsx); one per app, as before.
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
