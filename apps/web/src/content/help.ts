export const HELP_PAGE = {
  eyebrow: 'Help centre',
  title: 'How can we help?',
  lead: 'Answers to the questions shop owners ask us most. Search, or browse by topic.',
  searchLabel: 'Search the help centre',
  searchPlaceholder: 'Search questions, e.g. “trial” or “PDF”',
  noMatch: (query: string) => `No answers match “${query}”.`,
  count: (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'} found`,
  stillStuck: 'Still stuck?',
  stillStuckText: 'A person on our team reads every message and answers by email.',
  contact: { to: '/public/contact', label: 'Contact support' },
  setup: { to: '/public/setup', label: 'Read the setup guide' },
};
