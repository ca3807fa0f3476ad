import type { Command } from 'commander';

/**
 * One or two example lines per command, by its path under `socialpub` ('' is the program itself).
 * A person reads `--help` to find the form that works; a test checks every command has one.
 */
export const COMMAND_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  '': [
    'echo "$SOCIALPUB_API_KEY" | socialpub login --api-key-stdin --base-url http://127.0.0.1:8787',
    'socialpub posts create --profile @demobrand --platform x --text "Hello"',
  ],
  login: [
    'echo "$SOCIALPUB_API_KEY" | socialpub login --api-key-stdin --base-url http://127.0.0.1:8787',
    'socialpub login            # asks for the key without echoing it',
  ],
  logout: ['socialpub logout'],
  accounts: ['socialpub accounts list'],
  'accounts list': ['socialpub accounts list', 'socialpub accounts list --json'],
  'accounts options': ['socialpub accounts options @demobrand --platforms tiktok,pinterest'],
  posts: ['socialpub posts list --limit 5'],
  'posts create': [
    'socialpub posts create --profile @demobrand --platform x --text "Hello"',
    'socialpub posts create --profile @demobrand --platform linkedin --text "Later" --schedule 2026-12-01T09:00:00Z',
    'socialpub posts create --profile @demobrand --platform youtube --media <file_id> --text "Launch" \\\n      --youtube-title "Launch" --youtube-privacy unlisted --wait',
  ],
  'posts validate': ['socialpub posts validate --profile @demobrand --platform tiktok --media <file_id>'],
  'posts list': [
    'socialpub posts list --limit 5',
    'socialpub posts list --status scheduled --profile @demobrand --all --json',
  ],
  'posts get': ['socialpub posts get <post_id> --wait'],
  'posts cancel': ['socialpub posts cancel <scheduled_post_id>'],
  media: ['socialpub media upload ./video.mp4'],
  'media import': ['socialpub media import https://example.com/photo.jpg --wait'],
  'media status': ['socialpub media status <file_id>'],
  'media list': ['socialpub media list --type video --limit 10'],
  'media upload': [
    'socialpub media upload ./video.mp4',
    'socialpub media upload ./big.mov --max-run-seconds 600',
  ],
  'media link': ['socialpub media link create ./video.mp4 --shell sh'],
  'media link create': [
    'socialpub media link create ./video.mp4 --shell sh',
    'socialpub media link create --name video.mp4 --size 1048576 --sha256 <hex>',
  ],
  'media link token': ['socialpub media link token <file_id> --shell sh'],
  'media link complete': ['socialpub media link complete <file_id> --wait'],
  'media link cancel': ['socialpub media link cancel <file_id>'],
  admin: ['SOCIALPUB_ADMIN_TOKEN=sp_admin_... socialpub admin clocks create --now 2030-01-01T09:00:00Z'],
  'admin accounts': ['socialpub admin accounts create --clock <clock_id>'],
  'admin accounts create': [
    'socialpub admin accounts create --clock <clock_id> --plan beginner',
    'socialpub admin accounts create --clock <clock_id> --email ci@example.com --password ci-password',
  ],
  'admin accounts get': ['socialpub admin accounts get <account_id>'],
  'admin accounts delete': ['socialpub admin accounts delete <account_id>'],
  'admin keys': ['socialpub admin keys create <account_id> --name ci'],
  'admin keys create': ['socialpub admin keys create <account_id> --name ci'],
  'admin networks': ['socialpub admin networks rules <profile_id> x lenient'],
  'admin networks rules': [
    'socialpub admin networks rules <profile_id> x lenient   # take long texts and duplicates, as before',
    'socialpub admin networks rules <profile_id> x real      # refuse what X refuses (the default)',
  ],
  'admin clocks': ['socialpub admin clocks advance <clock_id> 3600'],
  'admin clocks create': ['socialpub admin clocks create --now 2030-01-01T09:00:00Z --name ci'],
  'admin clocks get': ['socialpub admin clocks get <clock_id>'],
  'admin clocks advance': [
    'socialpub admin clocks advance <clock_id> 3600          # one hour',
    'socialpub admin clocks advance <clock_id> --to 2030-01-02T09:00:00Z',
  ],
  'admin clocks delete': ['socialpub admin clocks delete <clock_id>'],
  'admin deliveries': ['socialpub admin deliveries list <account_id> --platform linkedin'],
  'admin deliveries list': [
    'socialpub admin deliveries list <account_id> --platform linkedin --q "Launch"',
    'socialpub admin deliveries list <account_id> --all --json',
  ],
  'admin deliveries get': ['socialpub admin deliveries get <delivery_id> --json'],
  'admin deliveries clear': ['socialpub admin deliveries clear <account_id>'],
};

/** The command's path under the program: `posts create`, `admin clocks advance`, '' for the root. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) {
    names.unshift(current.name());
  }
  return names.join(' ');
}

/** Adds an "Examples:" section to the help of every command that has one (all of them, as tested). */
export function addExamples(command: Command): void {
  const lines = COMMAND_EXAMPLES[commandPath(command)];
  if (lines) command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  for (const sub of command.commands) addExamples(sub);
}
