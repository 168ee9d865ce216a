import type { IconName } from '../components/Icon';
import { ENCRYPTION_AT_REST, MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT, TRIAL_LONG } from './facts';
import type { CardItem } from './site';
import { MARKETING_STATS } from './site';

export const FEATURES_PAGE = {
  eyebrow: 'Features',
  title: 'Everything your counter needs, nothing it doesn’t',
  lead: 'Counterprint replaces WhatsApp forwards, email attachments and pen drives with one QR code and a live print queue.',
  gridTitle: 'Built for busy print shops',
  formatsTitle: 'Multi-format support',
  formatsLead: `Customers can send any of these, up to ${MAX_FILES} files of ${MAX_FILE_SIZE} each per upload. Word, PowerPoint and spreadsheet files are turned into PDFs, so you preview and print them without Office. Anything else is refused before it reaches your queue.`,
  cta: {
    title: 'Give your counter a QR code today',
    text: `Setup takes about five minutes, and your first ${TRIAL_LONG} is free.`,
    primary: { to: '/signup', label: 'Start free trial' },
    secondary: { to: '/public/price', label: 'See pricing' },
  },
};

export const FEATURE_HIGHLIGHTS: { icon: IconName; title: string; stat: string; text: string }[] = [
  {
    icon: 'bolt',
    title: 'Fast transfers',
    stat: `${MARKETING_STATS.transfer} average`,
    text: 'From scan to your screen in about thirty seconds. Uploads stream straight to storage, so even big PDFs arrive quickly.',
  },
  {
    icon: 'server',
    title: 'Zero local storage',
    stat: 'Nothing on the shop PC',
    text: `Files stay in encrypted cloud storage and open from the queue. After printing they are deleted within ${RETENTION_AFTER_PRINT}; no Downloads folder full of strangers’ documents.`,
  },
];

export const FEATURE_CARDS: CardItem[] = [
  { icon: 'qr', title: 'QR transfer', text: 'One QR code opens your shop’s upload page. Customers need no app and no account.' },
  {
    icon: 'recycle',
    title: 'Auto cleanup',
    text: `Printed files are removed for good ${RETENTION_AFTER_PRINT} after printing. A file printed by mistake can be restored until then.`,
  },
  {
    icon: 'lock',
    title: 'Bank-grade security',
    text: `${ENCRYPTION_AT_REST} encryption at rest, HTTPS in transit and short-lived signed links for staff.`,
  },
  {
    icon: 'layers',
    title: 'Smart print queue',
    text: 'Numbered jobs appear live with the customer’s name, phone, a thumbnail of each file and page counts.',
  },
  {
    icon: 'file',
    title: 'Multi-format support',
    text: 'PDFs, Word and PowerPoint files, spreadsheets and phone photos. Documents become PDFs ready to print, and every file is checked by its content, not just its name.',
  },
  {
    icon: 'rocket',
    title: 'Instant setup',
    text: `Sign up, describe your shop, print the QR code. About ${MARKETING_STATS.setup} from start to first job.`,
  },
];
