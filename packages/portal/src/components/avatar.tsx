import type { UserProfile } from '@domain-broker/shared/schemas/profile';

type AvatarSource = Pick<UserProfile, 'firstName' | 'lastName' | 'email' | 'image'> & { name?: string };

/**
 * The letters of an avatar without a picture: the first letters of the first and last name, else the
 * first letter of the email. Computed from the current names (never from a stored `name`), so every
 * avatar of the same profile shows the same letters.
 */
export function initialsOf(profile: Partial<AvatarSource> | null | undefined): string {
  const first = profile?.firstName?.trim() ?? '';
  const last = profile?.lastName?.trim() ?? '';
  const letters =
    first || last ? `${first.slice(0, 1)}${last.slice(0, 1)}` : (profile?.email ?? '?').slice(0, 1);
  return letters.toUpperCase() || '?';
}

/**
 * The user's picture, or their initials. Inside a link the letters are part of its name (a link named
 * only by an aria-label would not match its visible text); `decorative` hides it where a heading
 * beside it already says whose it is.
 */
export function Avatar({
  profile,
  className,
  decorative,
}: {
  profile: Partial<AvatarSource> | null | undefined;
  className?: string;
  decorative?: boolean;
}) {
  return (
    <span className={className} aria-hidden={decorative ? true : undefined} data-avatar>
      {profile?.image ? <img src={profile.image} alt="" /> : initialsOf(profile)}
    </span>
  );
}
