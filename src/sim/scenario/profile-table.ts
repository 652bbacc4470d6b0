/**
 * Resource profiles of a cluster or scenario file: a map of fields, a name from `profiles`,
 * UNKNOWN / ANY, or "NAME xN". Problems become located diagnostics, never exceptions.
 */
import { type Diagnostic, error } from '../../errors/diagnostic.js';
import { type ResourceProfile, ANY, UNKNOWN, isSpecified, multiply, specified } from '../../model/resource-profile.js';
import { type ResourcesInput, readProfileFields } from '../../parse/resources-input.js';

export class ProfileTable {
  private readonly named = new Map<string, ResourceProfile>();

  constructor(
    profiles: Record<string, unknown> | undefined,
    pointer: string,
    private readonly out: Diagnostic[],
  ) {
    this.declared = Object.keys(profiles ?? {});
    // Maps first, then names that refer to other profiles, in any order (a cycle stays unresolved).
    const refs = Object.entries(profiles ?? {}).filter(([, v]) => typeof v === 'string');
    for (const [name, value] of Object.entries(profiles ?? {})) {
      if (typeof value === 'string') continue;
      const p = this.resolve(value, `${pointer}/${name}`);
      if (p !== undefined) this.named.set(name, p);
    }
    for (let progress = true; progress && refs.length > 0;) {
      progress = false;
      for (let i = refs.length - 1; i >= 0; i--) {
        const [name, value] = refs[i]!;
        const base = /^(.+?)(\s+x\d+)?$/.exec(String(value))![1]!;
        if (!this.named.has(base) && !['UNKNOWN', 'ANY'].includes(base)) continue;
        const p = this.resolve(value, `${pointer}/${name}`);
        if (p !== undefined) this.named.set(name, p);
        refs.splice(i, 1);
        progress = true;
      }
    }
    for (const [name, value] of refs) this.resolve(value, `${pointer}/${name}`);
  }

  private readonly declared: string[];

  resolve(value: unknown, pointer: string): ResourceProfile | undefined {
    if (typeof value === 'string') return this.byName(value, pointer);
    const before = this.out.length;
    const fields = readProfileFields((value ?? {}) as ResourcesInput, pointer, this.out);
    return this.out.length > before ? undefined : specified(fields);
  }

  /** A profile that must name real amounts (TaskManager totals, the default worker). */
  resolveSpecified(value: unknown, pointer: string, what: string): ResourceProfile | undefined {
    const p = this.resolve(value, pointer);
    if (p !== undefined && !isSpecified(p) && !(p.kind === 'ANY' && what === 'slot profile')) {
      this.out.push(error('scenario/profile', `${what} must give resource amounts, not ${p.kind}`, pointer));
      return undefined;
    }
    return p;
  }

  private byName(ref: string, pointer: string): ResourceProfile | undefined {
    const times = /^(.+?)\s+x(\d+)$/.exec(ref);
    if (times) {
      const base = this.byName(times[1]!, pointer);
      return base === undefined ? undefined : multiply(base, Number(times[2]));
    }
    if (ref === 'UNKNOWN') return UNKNOWN;
    if (ref === 'ANY') return ANY;
    const found = this.named.get(ref);
    if (found === undefined) {
      const known = this.declared;
      this.out.push(
        error(
          'scenario/unknown-profile',
          `unknown profile '${ref}'${known.length > 0 ? ` (profiles: ${known.join(', ')})` : ' (the file defines no profiles)'}`,
          pointer,
        ),
      );
    }
    return found;
  }
}
