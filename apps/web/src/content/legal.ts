/** One titled part of a legal page; `list` renders as bullets after the paragraphs. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  lead: string;
  version?: string;
  effective: string;
  sections: LegalSection[];
}
