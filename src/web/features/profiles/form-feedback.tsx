import { CheckCircle2 } from 'lucide-react';
import { ErrorMessage } from '../../components/ui/feedback';

/** The outcome of the last save under a form: an error, a success line, or nothing. */
export function FormFeedback({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) return <ErrorMessage>{error}</ErrorMessage>;
  if (success) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-700">
        <CheckCircle2 aria-hidden className="h-4 w-4" /> {success}
      </p>
    );
  }
  return null;
}
