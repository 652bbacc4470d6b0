/**
 * Shell completion scripts for bash, zsh and fish, written from oclif's command list, so a new
 * command or flag completes without touching this file: command names (with their summaries in
 * zsh and fish), each command's flags (`--no-` forms too), the values of flags that have a fixed
 * set (`--target kubernetes`), and file names everywhere else.
 */
export interface CompletionFlag {
  readonly name: string;
  readonly char?: string;
  readonly type: 'boolean' | 'option';
  readonly allowNo?: boolean;
  readonly options?: readonly string[];
  readonly description?: string;
}

export interface CompletionCommand {
  readonly id: string;
  readonly summary: string;
  readonly flags: readonly CompletionFlag[];
}

export type CompletionShell = 'bash' | 'zsh' | 'fish';

/** Single-quoted for sh-like shells: ' becomes '\''. */
const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
/** Flag and command names are ours, but keep the scripts safe whatever they hold. */
const word = (text: string): string => text.replace(/[^A-Za-z0-9_.:-]/g, '');
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function flagWords(flag: CompletionFlag): string[] {
  const words = [`--${word(flag.name)}`];
  if (flag.allowNo === true) words.push(`--no-${word(flag.name)}`);
  if (flag.char !== undefined) words.push(`-${word(flag.char)}`);
  return words;
}

export function completionScript(shell: CompletionShell, bin: string, commands: readonly CompletionCommand[]): string {
  const name = word(bin);
  const sorted = [...commands].sort((a, b) => a.id.localeCompare(b.id));
  if (shell === 'bash') return bashScript(name, sorted);
  if (shell === 'zsh') return zshScript(name, sorted);
  return fishScript(name, sorted);
}

function bashScript(bin: string, commands: readonly CompletionCommand[]): string {
  const fn = `_${bin.replace(/-/g, '_')}_complete`;
  const valueCases = commands.flatMap((c) =>
    c.flags
      .filter((f) => f.options !== undefined)
      .map(
        (f) =>
          `    "${word(c.id)} --${word(f.name)}") COMPREPLY=($(compgen -W ${quote(f.options!.map(word).join(' '))} -- "$cur")); return ;;`,
      ),
  );
  const flagCases = commands.map((c) => `    ${word(c.id)}) opts=${quote(c.flags.flatMap(flagWords).concat('--help').join(' '))} ;;`);
  return `# ${bin} completion for bash. Load it now:  eval "$(${bin} completion bash)"
# or keep it:  ${bin} completion bash > ~/.local/share/bash-completion/completions/${bin}
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="\${COMP_WORDS[1]}" opts=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W ${quote(commands.map((c) => word(c.id)).join(' '))} -- "$cur"))
    return
  fi
  case "$cmd $prev" in
${valueCases.join('\n')}
  esac
  case "$cmd" in
${flagCases.join('\n')}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -o bashdefault -F ${fn} ${bin}
`;
}

function zshFlag(flag: CompletionFlag): string[] {
  const help = oneLine(flag.description ?? '').replace(/[[\]:\\]/g, ' ');
  const value =
    flag.type === 'boolean' ? '' : flag.options === undefined ? ':value:_files' : `:value:(${flag.options.map(word).join(' ')})`;
  const specs = [quote(`--${word(flag.name)}[${help}]${value}`)];
  if (flag.allowNo === true) specs.push(quote(`--no-${word(flag.name)}[not ${help}]`));
  if (flag.char !== undefined) specs.push(quote(`-${word(flag.char)}[${help}]${value}`));
  return specs;
}

function zshScript(bin: string, commands: readonly CompletionCommand[]): string {
  const fn = `_${bin.replace(/-/g, '_')}`;
  const described = commands.map((c) => `    ${quote(`${word(c.id)}:${oneLine(c.summary).replace(/:/g, ' ')}`)}`);
  const cases = commands.map(
    (c) => `    ${word(c.id)}) _arguments -s ${[...c.flags.flatMap(zshFlag), "'--help[show help]'", "'*:file:_files'"].join(' ')} ;;`,
  );
  return `#compdef ${bin}
# ${bin} completion for zsh. Load it now:  eval "$(${bin} completion zsh)"
# or keep it as _${bin} in a folder of $fpath:  ${bin} completion zsh > ~/.zfunc/_${bin}
${fn}() {
  local -a commands
  commands=(
${described.join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local cmd=$words[2]
  shift words
  (( CURRENT-- ))
  case $cmd in
${cases.join('\n')}
    *) _files ;;
  esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${bin}
fi
`;
}

function fishScript(bin: string, commands: readonly CompletionCommand[]): string {
  const ids = commands.map((c) => word(c.id)).join(' ');
  const lines = commands.map(
    (c) => `complete -c ${bin} -f -n 'not __fish_seen_subcommand_from ${ids}' -a ${word(c.id)} -d ${quote(oneLine(c.summary))}`,
  );
  for (const c of commands)
    for (const f of c.flags) {
      const on = `complete -c ${bin} -n '__fish_seen_subcommand_from ${word(c.id)}'`;
      const short = f.char === undefined ? '' : ` -s ${word(f.char)}`;
      const value = f.type === 'boolean' ? '' : f.options === undefined ? ' -r' : ` -x -a ${quote(f.options.map(word).join(' '))}`;
      lines.push(`${on} -l ${word(f.name)}${short}${value} -d ${quote(oneLine(f.description ?? ''))}`);
      if (f.allowNo === true) lines.push(`${on} -l no-${word(f.name)} -d ${quote(`not: ${oneLine(f.description ?? '')}`)}`);
    }
  return `# ${bin} completion for fish. Load it now:  ${bin} completion fish | source
# or keep it:  ${bin} completion fish > ~/.config/fish/completions/${bin}.fish
${lines.join('\n')}
`;
}
