import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Selection } from '../../../api/folders';
import { useMoveDropTarget } from '../drag-move';

export interface Crumb {
  id: string | null;
  name: string;
  /** Not a place rows can be moved to (Shared with me, above a shared folder). */
  noDrop?: boolean;
}

interface BreadcrumbsProps {
  /** From the top ('My Files', 'Shared with me') to the folder on screen, which is the last and not a link. */
  crumbs: Crumb[];
  hrefOf: (folderId: string | null) => string;
  /** Rows dropped on a crumb move there; absent where the person may not move anything. */
  onMove?: (entries: Selection, target: string | null) => void;
}

const NO_MOVE = () => undefined;

/** Where the folder on screen sits; each folder above it is a link and a place to drop dragged rows. */
export function Breadcrumbs({ crumbs, hrefOf, onMove }: BreadcrumbsProps) {
  const nav = useRef<HTMLElement>(null);
  const path = crumbs.map((crumb) => crumb.id ?? '').join('/');
  // A deep path scrolls sideways on a phone. Its end is the folder on screen, the one thing a person must see,
  // so each new path starts scrolled to it; the folders above are a swipe to the left.
  useLayoutEffect(() => {
    const element = nav.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [path]);
  return (
    <nav ref={nav} aria-label="Folder path" className="breadcrumbs max-w-full text-sm">
      <ul>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.id ?? 'top'}>
              <span aria-current="page" className="font-semibold">
                {crumb.name}
              </span>
            </li>
          ) : (
            <CrumbLink key={crumb.id ?? 'top'} crumb={crumb} href={hrefOf(crumb.id)} onMove={onMove} />
          ),
        )}
      </ul>
    </nav>
  );
}

function CrumbLink({
  crumb,
  href,
  onMove,
}: {
  crumb: Crumb;
  href: string;
  onMove: BreadcrumbsProps['onMove'];
}) {
  const target = useMoveDropTarget(crumb.id, onMove ?? NO_MOVE);
  return (
    <li {...(onMove && !crumb.noDrop ? target.handlers : {})}>
      <Link to={href} className={`link link-hover ${target.over ? 'rounded bg-primary/20' : ''}`}>
        {crumb.name}
      </Link>
    </li>
  );
}
