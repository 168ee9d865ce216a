import { useEffect, useState } from 'react';
import { Button, buttonClass } from '../../components/Button';

/**
 * Issue 20: the page where the customer follows the job, to send them (WhatsApp, SMS) when they
 * closed it or asked at the counter. The link alone lets its holder change or cancel an unprinted job.
 */
export function CustomerStatusLink({ path }: { path: string }) {
  const url = `${window.location.origin}${path}`;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (copied !== 'yes') return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2.5 text-sm">
      <span className="mr-auto font-medium text-slate-700">Customer's status page</span>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {copied === 'yes' ? 'Copied' : 'Copy link'}
      </Button>
      <a href={path} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', '', 'sm')}>
        Open
      </a>
      {copied === 'failed' && (
        <p role="alert" className="w-full text-xs text-red-700">
          Could not copy. The link is <span className="font-mono break-all select-all">{url}</span>
        </p>
      )}
    </div>
  );
}
