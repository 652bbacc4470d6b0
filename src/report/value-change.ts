/**
 * A value `size --emit` changed in the user's file. Its own file, apart from the YAML edits that
 * make the change (`yaml-edit.ts`): the library's declarations reach it through `EmittedFile`, and
 * must not need the `yaml` package, which the installed flinkslot does not carry (it is bundled).
 */

/** A changed value, named by its JSON pointer in the document; null where there was or is none. */
export interface ValueChange {
  readonly path: string;
  readonly from: string | null;
  readonly to: string | null;
}
