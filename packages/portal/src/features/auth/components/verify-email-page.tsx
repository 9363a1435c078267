import { Trans } from '@lingui/react/macro';

export default function Page() {
  return (
    <h1>
      <Trans>Loading</Trans>
    </h1>
  );
}
