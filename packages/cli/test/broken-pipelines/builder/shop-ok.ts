import { shop } from './shop.js';

// The shop with no mistake: check --bind binds both flows (the corpus' data files are there to be read).
export default shop().build();
