/**
 * Which IP addresses a server-side fetch of a configured URL may reach (issue 23 item 11; DESIGN.md
 * "Server-side fetches of configured URLs … never reach loopback, private or link-local addresses").
 * Pure: the DNS lookup and the fetch live in src/services/safe-fetch.ts.
 *
 * Refused IPv4 (RFC 6890 special-purpose registry): 0.0.0.0/8 "this network", 10/8, 172.16/12,
 * 192.168/16 private, 100.64/10 shared (CGNAT), 127/8 loopback, 169.254/16 link-local (cloud metadata),
 * 192.0.0/24 protocol assignments, 192.0.2/24, 198.51.100/24, 203.0.113/24 documentation,
 * 192.88.99/24 6to4 relay, 198.18/15 benchmarking, 224/4 multicast, 240/4 reserved and broadcast.
 * IPv6: only global unicast (2000::/3) may be reached, minus 2001::/23 (IETF protocol assignments,
 * Teredo included), 2001:db8::/32 documentation, and 2002::/16 (6to4) whose embedded IPv4 is refused;
 * every form that carries an IPv4 address (::ffff:a.b.c.d mapped, ::a.b.c.d compatible, 64:ff9b::/96
 * NAT64) is judged by that IPv4 address, so ::1, fe80::/10, fc00::/7, ff00::/8 and :: are refused.
 */

const V4_BLOCKED: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

/** `a.b.c.d` (four decimal parts, each 0–255) as an unsigned 32-bit number, or null. */
export function parseIPv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => ({ base: parseIPv4(base)!, size: 2 ** (32 - bits) }));

function isPublicIPv4(value: number): boolean {
  return !V4_RANGES.some((r) => value >= r.base && value < r.base + r.size);
}

/** An IPv6 text (with `::`, an embedded IPv4 tail, no zone) as its eight 16-bit groups, or null. */
export function parseIPv6(text: string): number[] | null {
  let t = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (t.includes("%")) t = t.slice(0, t.indexOf("%")); // a zone id says nothing about the address
  const lastColon = t.lastIndexOf(":");
  if (lastColon >= 0 && t.slice(lastColon + 1).includes(".")) {
    // An IPv4 tail (::ffff:10.0.0.1): two placeholder groups, then the IPv4 value in groups 7 and 8.
    const v4 = parseIPv4(t.slice(lastColon + 1));
    const groups = v4 === null ? null : parseIPv6(`${t.slice(0, lastColon + 1)}0:0`);
    if (v4 === null || !groups) return null;
    groups[6] = Math.floor(v4 / 65536);
    groups[7] = v4 % 65536;
    return groups;
  }
  const halves = t.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const hex = (g: string) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN);
  const a = head.map(hex);
  const b = rest.map(hex);
  if ([...a, ...b].some(Number.isNaN)) return null;
  if (halves.length === 1) return a.length === 8 ? a : null;
  const missing = 8 - a.length - b.length;
  if (missing < 1) return null;
  return [...a, ...Array<number>(missing).fill(0), ...b];
}

function isPublicIPv6(g: readonly number[]): boolean {
  const v4 = (hi: number, lo: number) => hi * 65536 + lo;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible; :: and ::1 land here too), 64:ff9b::a.b.c.d (NAT64).
  if (zeros(0, 5) && g[5] === 0xffff) return isPublicIPv4(v4(g[6]!, g[7]!));
  if (zeros(0, 6)) return false;
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return isPublicIPv4(v4(g[6]!, g[7]!));
  // 6to4: 2002:AABB:CCDD::/48 carries the IPv4 address AA.BB.CC.DD.
  if (g[0] === 0x2002) return isPublicIPv4(v4(g[1]!, g[2]!));
  // Global unicast only (2000::/3): fc00::/7, fe80::/10, ff00::/8 and the rest are not reachable.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 IETF assignments (Teredo 2001::/32)
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  return true;
}

/** True when a fetch may reach this literal address; anything that is not an IP address is false. */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return isPublicIPv4(v4);
  const v6 = parseIPv6(address);
  return v6 !== null && isPublicIPv6(v6);
}

/** A URL hostname that is an IP literal (`10.0.0.1`, `[::1]`), unbracketed; null for a name. */
export function ipLiteralOf(hostname: string): string | null {
  if (parseIPv4(hostname) !== null) return hostname;
  if (hostname.startsWith("[") && hostname.endsWith("]")) return hostname.slice(1, -1);
  return parseIPv6(hostname) ? hostname : null;
}
