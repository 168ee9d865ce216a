import { TERMS } from '../../content/terms';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return <LegalPage doc={TERMS} other={{ to: '/public/privacy', label: 'privacy policy' }} />;
}
