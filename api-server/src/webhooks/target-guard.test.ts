import { checkTarget, TargetRefused } from './target-guard';

// Every spelling of an IPv4 address a URL can hold, and every IPv6 form that carries one: the guard must judge the
// address, never the spelling.

type Octets = [number, number, number, number];

const hex = (n: number) => `0x${n.toString(16)}`;
const octal = (n: number) => `0${n.toString(8)}`;
const word = (high: number, low: number) => ((high << 8) | low).toString(16);

/** The IPv4 spellings WHATWG URL parsing accepts for one address (decimal, octal, hex, short forms). */
function ipv4Spellings([a, b, c, d]: Octets): string[] {
  const whole = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  return [
    `${a}.${b}.${c}.${d}`,
    `${a}.${b}.${c}.${d}.`,
    String(whole),
    hex(whole),
    `0X${whole.toString(16).toUpperCase()}`,
    octal(whole),
    [a, b, c, d].map(octal).join('.'),
    [a, b, c, d].map(hex).join('.'),
    `${hex(a)}.${b}.${octal(c)}.${d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${hex(a)}.${hex((b << 16) | (c << 8) | d)}`,
  ];
}

/** The IPv6 forms that hold the address: mapped, compatible, NAT64, 6to4, in dotted and hex notation. */
function ipv6Forms([a, b, c, d]: Octets): { form: string; host: string }[] {
  const dotted = `${a}.${b}.${c}.${d}`;
  const words = `${word(a, b)}:${word(c, d)}`;
  return [
    { form: 'IPv4-mapped', host: `::ffff:${dotted}` },
    { form: 'IPv4-mapped', host: `::ffff:${words}` },
    { form: 'IPv4-mapped', host: `0:0:0:0:0:FFFF:${dotted}` },
    { form: 'IPv4-compatible', host: `::${dotted}` },
    { form: 'IPv4-compatible', host: `::${words}` },
    { form: 'IPv4-compatible', host: `0:0:0:0:0:0:${dotted}` },
    { form: 'IPv4-translated', host: `::ffff:0:${dotted}` },
    { form: 'NAT64', host: `64:ff9b::${dotted}` },
    { form: 'NAT64', host: `64:ff9b::${words}` },
    { form: 'NAT64 local-use', host: `64:ff9b:1::${words}` },
    { form: '6to4', host: `2002:${words}::1` },
    { form: 'Teredo', host: `2001:0:4136:e378:8000:63bf:${word(255 - a, 255 - b)}:${word(255 - c, 255 - d)}` },
  ];
}

const NOT_PUBLIC: Record<string, Octets> = {
  loopback: [127, 0, 0, 1],
  'loopback (other)': [127, 1, 2, 3],
  'private 10/8': [10, 0, 0, 1],
  'private 172.16/12': [172, 16, 5, 4],
  'private 192.168/16': [192, 168, 1, 1],
  'link-local (cloud metadata)': [169, 254, 169, 254],
  unspecified: [0, 0, 0, 0],
  'carrier-grade NAT': [100, 64, 0, 1],
  multicast: [224, 0, 0, 1],
  broadcast: [255, 255, 255, 255],
};
const PUBLIC: Octets = [93, 184, 215, 14];

async function verdict(url: string): Promise<'accepted' | 'refused'> {
  try {
    await checkTarget(url, false);
    return 'accepted';
  } catch (error) {
    if (error instanceof TargetRefused) return 'refused';
    throw error;
  }
}

describe('webhook target guard: every spelling of an address', () => {
  const notPublicUrls = Object.entries(NOT_PUBLIC).flatMap(([name, octets]) => [
    ...ipv4Spellings(octets).map((host) => ({ name: `${name} as ${host}`, url: `http://${host}/hook` })),
    ...ipv6Forms(octets).map(({ form, host }) => ({ name: `${name} ${form} [${host}]`, url: `https://[${host}]/` })),
  ]);

  it('generates a table of every form (so a form left out of it is seen)', () => {
    expect(notPublicUrls.length).toBe(Object.keys(NOT_PUBLIC).length * 24);
  });

  it('refuses every spelling of a loopback, private, link-local or otherwise non-public IPv4 address', async () => {
    const accepted: string[] = [];
    for (const { name, url } of notPublicUrls) if ((await verdict(url)) === 'accepted') accepted.push(name);
    expect(accepted).toEqual([]);
  });

  it('refuses the IPv6 literals that are not public', async () => {
    const hosts = ['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1', '2001:db8::1', '100::1'];
    const accepted: string[] = [];
    for (const host of hosts) if ((await verdict(`http://[${host}]/`)) === 'accepted') accepted.push(host);
    expect(accepted).toEqual([]);
  });

  it('accepts a public IPv4 address in every IPv4 spelling and mapped form, and a public IPv6 address', async () => {
    const urls = [
      ...ipv4Spellings(PUBLIC).map((host) => `http://${host}/`),
      ...ipv6Forms(PUBLIC)
        .filter(({ form }) => form === 'IPv4-mapped')
        .map(({ host }) => `http://[${host}]/`),
      'https://[2606:4700:4700::1111]/hook',
    ];
    const refused: string[] = [];
    for (const url of urls) if ((await verdict(url)) === 'refused') refused.push(url);
    expect(refused).toEqual([]);
  });

  it('refuses the IPv4-compatible, NAT64, 6to4 and Teredo forms even of a public address (deprecated or tunnels)', async () => {
    const accepted: string[] = [];
    for (const { form, host } of ipv6Forms(PUBLIC).filter(({ form }) => form !== 'IPv4-mapped'))
      if ((await verdict(`http://[${host}]/`)) === 'accepted') accepted.push(`${form} ${host}`);
    expect(accepted).toEqual([]);
  });

  it('names the address and its range in the refusal', async () => {
    await expect(checkTarget('http://[::127.0.0.1]/', false)).rejects.toThrow(
      "The webhook URL's host '::7f00:1' resolves to ::7f00:1, a deprecated IPv4-compatible IPv6 address",
    );
  });

  it('allows every form when private targets are allowed', async () => {
    await expect(checkTarget('http://[::127.0.0.1]/', true)).resolves.toBeInstanceOf(URL);
  });
});
