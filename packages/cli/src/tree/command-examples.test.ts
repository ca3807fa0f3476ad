import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../program.js';
import { COMMAND_EXAMPLES, commandPath } from './command-examples.js';

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

/** What `socialpub <path> --help` prints, without exiting. */
function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk), writeErr: (chunk) => (text += chunk) });
  command.outputHelp();
  return text;
}

const COMMANDS = everyCommand(buildProgram());

describe('every command’s --help', () => {
  it.each(COMMANDS.map((command) => [commandPath(command) || '(socialpub)', command] as const))(
    '%s shows an Examples section with a runnable socialpub line',
    (_path, command) => {
      const help = helpOf(command);
      const examples = help.slice(help.indexOf('\nExamples:\n'));
      expect(help).toContain('\nExamples:\n');
      expect(examples).toMatch(/^ {2}(SOCIALPUB_ADMIN_TOKEN=\S+ |echo .*\| )?socialpub /m);
      // The example is of this command, not another one's.
      const path = commandPath(command);
      if (path !== '') expect(examples).toContain(`socialpub ${path}`);
    },
  );

  it('lists no example for a command that does not exist', () => {
    const paths = new Set(COMMANDS.map(commandPath));
    expect(Object.keys(COMMAND_EXAMPLES).filter((path) => !paths.has(path))).toEqual([]);
  });
});
