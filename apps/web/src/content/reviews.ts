import { MARKETING_STATS } from './site';

export const REVIEW_CATEGORIES = ['speed', 'efficiency', 'security', 'ease', 'value', 'satisfaction'] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

export const CATEGORY_LABEL: Record<ReviewCategory | 'all', string> = {
  all: 'All Reviews',
  speed: 'Speed',
  efficiency: 'Efficiency',
  security: 'Security',
  ease: 'Ease of use',
  value: 'Value',
  satisfaction: 'Satisfaction',
};

/** A testimonial (docs/product/screens.md#reviews-page): static display data. */
export interface Testimonial {
  name: string;
  role: string;
  company: string;
  location: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  avatar: string;
  featured: boolean;
  category: ReviewCategory;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Rajesh Kumar',
    role: 'Owner',
    company: 'Kumar Xerox & Prints',
    location: 'Bengaluru',
    rating: 5,
    text: 'The queue at my counter used to move at the speed of WhatsApp downloads. Now customers scan, upload and the file is on my screen before they reach the counter.',
    avatar: 'RK',
    featured: true,
    category: 'speed',
  },
  {
    name: 'Priya Sharma',
    role: 'Manager',
    company: 'QuickPrint Studio',
    location: 'Pune',
    rating: 5,
    text: 'Two of us handle the exam-season rush without shouting names across the shop. Every job has a number, and we mark it printed with the amount in one step.',
    avatar: 'PS',
    featured: true,
    category: 'efficiency',
  },
  {
    name: 'Arjun Mehta',
    role: 'Owner',
    company: 'Mehta Digital Print',
    location: 'Ahmedabad',
    rating: 5,
    text: 'Customers bring Aadhaar copies and bank statements. I tell them the file is deleted after printing and nothing stays on my computer. They trust the shop more.',
    avatar: 'AM',
    featured: false,
    category: 'security',
  },
  {
    name: 'Fatima Sheikh',
    role: 'Owner',
    company: 'Campus Copy Centre',
    location: 'Hyderabad',
    rating: 5,
    text: 'Students figured it out without a single explanation. Scan, pick files, done. No app to install and no account to create.',
    avatar: 'FS',
    featured: false,
    category: 'ease',
  },
  {
    name: 'Vikram Iyer',
    role: 'Partner',
    company: 'Iyer Office Services',
    location: 'Chennai',
    rating: 5,
    text: 'It paid for itself in the first week. We stopped losing jobs to shops with shorter queues and stopped buying pen drives to replace the infected ones.',
    avatar: 'VI',
    featured: false,
    category: 'value',
  },
  {
    name: 'Neha Gupta',
    role: 'Owner',
    company: 'Print Point',
    location: 'Jaipur',
    rating: 5,
    text: 'My regulars now send files from the bus stop and collect them on the way. The counter is calmer and my customers are happier.',
    avatar: 'NG',
    featured: false,
    category: 'satisfaction',
  },
];

export const REVIEW_STATS = [
  { value: MARKETING_STATS.shops, label: 'Print shops' },
  { value: MARKETING_STATS.rating, label: `Average from ${MARKETING_STATS.reviews} reviews` },
  { value: MARKETING_STATS.transfer, label: 'Average transfer' },
  { value: MARKETING_STATS.setup, label: 'To set up a shop' },
];

export const REVIEWS_PAGE = {
  eyebrow: 'Customer stories',
  title: 'Loved by print shops across India',
  lead: 'Owners and counter staff on what changed when their customers stopped sending files over WhatsApp and pen drives.',
  filterLabel: 'Filter reviews by topic',
  cta: {
    title: 'Join them at your counter',
    text: 'Set up your shop in minutes and take your first job today.',
    action: { to: '/signup', label: 'Start free trial' },
  },
};
