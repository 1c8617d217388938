const SIZES = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-lg',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
} as const;

/** The initial of a name in a coloured circle; decorative, since the name is always written next to it. */
export function Avatar({
  name,
  size = 'md',
  tone = 'primary',
}: {
  name: string;
  size?: keyof typeof SIZES;
  tone?: 'primary' | 'secondary';
}) {
  const colours =
    tone === 'primary' ? 'bg-primary text-primary-content' : 'bg-secondary text-secondary-content';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${colours} ${SIZES[size]}`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
