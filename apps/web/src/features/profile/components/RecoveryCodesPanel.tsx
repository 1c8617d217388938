import { copyWithToast } from '../../../lib/clipboard';

/** The recovery codes, shown this once: each works once in place of an app code. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <div role="alert" className="alert alert-warning alert-soft">
        Save these recovery codes somewhere safe. They are shown only now; each one signs you in once if you
        lose your phone.
      </div>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-box bg-base-200 px-2 py-1 text-center whitespace-nowrap">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void copyWithToast(codes.join('\n'), 'Recovery codes')}
        >
          Copy codes
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
