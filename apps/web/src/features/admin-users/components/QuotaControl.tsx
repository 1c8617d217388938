import { useState, type FormEvent } from 'react';
import { formatSize } from '@cloudstash/contract';
import { PendingButton } from '../../../components/PendingButton';
import { QuotaBar } from '../../../components/QuotaBar';
import { SectionCard } from '../../../components/SectionCard';
import { useUpdateQuota } from '../api/update-quota';

const UNITS = { MB: 1024 ** 2, GB: 1024 ** 3 } as const;
type Unit = keyof typeof UNITS;

interface QuotaControlProps {
  userId: string;
  usedBytes: number;
  /** The account's quota now (its own, or the instance default); null: no limit. */
  quotaBytes: number | null | undefined;
}

/** The user detail page's storage quota: what it is, how full, and a form to set or remove it. */
export function QuotaControl({ userId, usedBytes, quotaBytes }: QuotaControlProps) {
  const update = useUpdateQuota();
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<Unit>('GB');
  const [error, setError] = useState<string | null>(null);
  const limited = quotaBytes !== null && quotaBytes !== undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(value) || value < 0) {
      setError('Enter a size of 0 or more');
      return;
    }
    setError(null);
    update.mutate(
      { userId, quotaBytes: Math.round(value * UNITS[unit]) },
      { onSuccess: () => setAmount('') },
    );
  };

  return (
    <SectionCard title="Storage quota">
      {limited ? (
        <QuotaBar usedBytes={usedBytes} quotaBytes={quotaBytes} />
      ) : (
        <p>No limit: {formatSize(usedBytes)} used</p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <label className="fieldset">
          <span className="fieldset-legend text-sm">New quota</span>
          <input
            className={`input w-36 ${error ? 'input-error' : ''}`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={error ? true : undefined}
            placeholder="e.g. 10"
          />
        </label>
        <label className="fieldset">
          <span className="fieldset-legend text-sm">Unit</span>
          <select
            className="select w-24"
            value={unit}
            onChange={(event) => setUnit(event.target.value as Unit)}
          >
            {Object.keys(UNITS).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <PendingButton type="submit" className="btn-primary" pending={update.isPending}>
          Set quota
        </PendingButton>
        {limited && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ userId, quotaBytes: null })}
          >
            Remove limit
          </button>
        )}
      </form>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </SectionCard>
  );
}
