/** Public or Private, as every file list and card shows it. */
export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return (
    <span className={`badge badge-sm ${isPublic ? 'badge-success' : 'badge-neutral'}`}>
      {isPublic ? 'Public' : 'Private'}
    </span>
  );
}
