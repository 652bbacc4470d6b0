#!/usr/bin/env node
import module from 'node:module';
import { execute } from '@oclif/core';

// Node >= 22.1 can cache compiled module code between runs; start-up is most of a small plan's time.
module.enableCompileCache?.();

await execute({ dir: import.meta.url });
