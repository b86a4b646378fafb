/** The encodings an Accept-Encoding header takes, lower-cased; those refused with q=0 left out. */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  return new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
}
