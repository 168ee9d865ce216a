import { PRIVACY } from '../../content/privacy';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return <LegalPage doc={PRIVACY} other={{ to: '/public/terms', label: 'terms of service' }} />;
}
