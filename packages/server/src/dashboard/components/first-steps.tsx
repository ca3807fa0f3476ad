import type { Services } from '../../services.js';

interface Step {
  done: boolean;
  text: string;
  href: string;
  link: string;
}

/**
 * What a new account does first, in order, until it has done it: a profile, a network on it, an
 * API key, a first post (seen in the network inbox). Gone once every step is done.
 */
export function FirstSteps(props: { services: Services; accountId: string }) {
  const { repos } = props.services;
  const profiles = repos.profiles.listForAccount(props.accountId);
  const connected = profiles.some((profile) => repos.connections.listForProfile(profile.id).length > 0);
  const keys = repos.apiKeys.listForAccount(props.accountId).filter((key) => key.revokedAt === null);
  const posted = repos.deliveries.list({ accountId: props.accountId, limit: 1 }).length > 0;
  const steps: Step[] = [
    {
      done: profiles.length > 0,
      text: 'Create a profile (a brand or person you post as).',
      href: '/dashboard/profiles',
      link: 'Profiles',
    },
    {
      done: connected,
      text: 'Connect a network to it (a simulated sign-in).',
      href: '/dashboard/profiles',
      link: 'Profiles',
    },
    {
      done: keys.length > 0,
      text: 'Create an API key for your code, the CLI or the SDK.',
      href: '/dashboard/api-keys',
      link: 'API management',
    },
    {
      done: posted,
      text: 'Publish a first post and see what the network received.',
      href: '/dashboard/inbox',
      link: 'Network inbox',
    },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <section class="card first-steps" aria-labelledby="first-steps-heading">
      <h2 id="first-steps-heading">What to do first</h2>
      <ol>
        {steps.map((step) => (
          <li>
            {step.done ? <span class="badge good">done</span> : <span class="badge wait">to do</span>}{' '}
            {step.text} {step.done ? null : <a href={step.href}>{step.link}</a>}
          </li>
        ))}
      </ol>
    </section>
  );
}
