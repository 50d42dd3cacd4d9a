import { describeBackend } from '../src/index.js';
import { createInMemory } from './support/in-memory-backend.js';

// A third-party backend uses the suite like this: one call, an explicit and
// reasoned skip list (empty here: its capabilities already say what it lacks).
await describeBackend(createInMemory, { name: 'in-memory (testkit example)' });
