/** The domain of an appraisal call: normalised and checked against the supported extensions. */
import { isDomainSyntax } from '@domain-broker/appraisal';
import { AppError } from '@domain-broker/shared/errors';
import { appraisalDomain, extensionUnsupportedMessage } from '@domain-broker/shared/schemas/appraisal';
import * as v from 'valibot';

/**
 * The normalised domain. A well-formed name in an extension the server does not appraise answers
 * DOMAIN_EXTENSION_UNSUPPORTED, naming the supported extensions in its message and data; anything
 * else that is not a domain answers DOMAIN_INVALID.
 */
export function appraisalDomainOf(raw: string, extensions: readonly string[]): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    /* already decoded, or not decodable: validated as it is */
  }
  const r = v.safeParse(appraisalDomain(extensions), decoded);
  if (r.success) return r.output;
  const message = r.issues[0]?.message;
  if (message === extensionUnsupportedMessage(extensions))
    throw new AppError('DOMAIN_EXTENSION_UNSUPPORTED', {
      message,
      data: { supportedExtensions: [...extensions] },
    });
  throw new AppError('DOMAIN_INVALID');
}

/**
 * A domain the appraisal accepts (appraisalDomainOf: normalised, a supported extension, else
 * DOMAIN_EXTENSION_UNSUPPORTED or DOMAIN_INVALID) that the engine can value: an xn-- label must be
 * valid punycode.
 */
export function appraisableDomain(raw: string, extensions: readonly string[]): string {
  const domain = appraisalDomainOf(raw, extensions);
  if (!isDomainSyntax(domain)) throw new AppError('DOMAIN_INVALID');
  return domain;
}
