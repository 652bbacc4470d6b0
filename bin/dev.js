#!/usr/bin/env node
// Development entry: rebuilds nothing by itself; run `npm run build` (or `tsc -w`) alongside.
import { execute } from '@oclif/core';

await execute({ development: true, dir: import.meta.url });
