import type { IconName } from '../components/Icon';
import { ENCRYPTION_AT_REST, MAX_FILE_SIZE, MAX_FILES, RETENTION_AFTER_PRINT, TRIAL_LONG } from './facts';
import type { CardItem } from './site';

export const FEATURES_PAGE = {
  eyebrow: 'Features',
  title: 'Everything your counter needs, nothing it doesn’t',
  lead: 'Counterprint replaces WhatsApp forwards, email attachments and pen drives with one QR code and a live print queue.',
  gridTitle: 'Built for busy print shops',
  formatsTitle: 'Multi-format support',
  formatsLead: `Customers can send any of these, up to ${MAX_FILES} files of ${MAX_FILE_SIZE} each per upload. Word, PowerPoint and spreadsheet files are turned into PDFs, so you preview and print them without Office. Anything else is refused before it reaches your queue.`,
  cta: {
    title: 'Give your counter a QR code today',
    text: `Sign up, name your shop and print its QR code. Your first ${TRIAL_LONG} is free.`,
    primary: { to: '/signup', label: 'Start free trial' },
    secondary: { to: '/public/price', label: 'See pricing' },
  },
};

export const FEATURE_HIGHLIGHTS: { icon: IconName; title: string; stat: string; text: string }[] = [
  {
    icon: 'bolt',
    title: 'Uploads that survive a bad network',
    stat: 'Resumes where it stopped',
    text: 'Each file is sent in a resumable upload: if the phone loses its network, the bytes already sent are kept and the upload continues when it is back.',
  },
  {
    icon: 'server',
    title: 'Print without saving',
    stat: `Deleted within ${RETENTION_AFTER_PRINT}`,
    text: `Files wait encrypted on the server and print from the queue, so nothing needs to be saved on the counter PC. After printing they are deleted within ${RETENTION_AFTER_PRINT}. A file staff choose to download is a copy on that PC, and the customer’s receipt says so.`,
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
    title: 'Encrypted at rest',
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
    text: 'Sign up, describe your shop, print the QR code. The queue is ready for its first job.',
  },
];
