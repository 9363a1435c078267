import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'wouter';
import { signInDestination } from '#portal/lib/buy-flow.ts';
import { navigate } from '#portal/lib/navigation.ts';
import styles from './auth.module.css';
import { LoginForm } from './login-form.tsx';

/**
 * /login: Sign In as a Buyer. After sign-in (decision A9): the action that asked for the session when
 * there was one, else the buyer's lead decides (lib/buy-flow.ts `signInDestination`).
 */
function LoginPage() {
  const [params] = useSearchParams();
  const notice = params.get('notice') === 'loggedOut' ? 'loggedOut' : undefined;
  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        <Trans>Sign In as a Buyer</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>Welcome back. Sign in to follow your domain acquisitions.</Trans>
      </p>
      <LoginForm
        place="screen"
        notice={notice}
        onSignedIn={() => {
          void signInDestination().then((path) => {
            if (path) navigate(path);
          });
        }}
      />
    </section>
  );
}

export default LoginPage;
