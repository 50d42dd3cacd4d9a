import { packageTestConfig } from '../../vitest.shared.js';

export default packageTestConfig({ testTimeout: 180_000 });
