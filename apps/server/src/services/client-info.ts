import net from 'node:net';

/**
 * Where a session came from, kept coarse on purpose: enough for a person to tell "home" from "somewhere else"
 * (the network, not the machine), and less personal data at rest. IPv4 keeps its /24, IPv6 its /48.
 */
export function truncateAddress(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (!net.isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headParts, ...Array<string>(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts;
  const prefix = groups.slice(0, 3).map((g) => parseInt(g || '0', 16).toString(16));
  return `${prefix.join(':')}::/48`;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/([\d.]+)/, 'curl'],
  [/^Wget\/([\d.]+)/, 'Wget'],
  [/^python-requests\/([\d.]+)/, 'Python requests'],
  [/^node(?:-fetch)?\/?([\d.]*)/i, 'Node.js'],
  [/^undici/, 'Node.js'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/**
 * Browser and operating system from a User-Agent, by the few markers the common browsers send (order matters:
 * Edge and Opera also say Chrome, Chrome also says Safari). Good enough to recognise a session, nothing more.
 */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  const ua = userAgent ?? '';
  let browser = 'Unknown browser';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown OS';
  return { browser, os };
}
