// The two trivial corners of the trade-off: perfect utility, or perfect blocking.
import { allow, deny, type Defense } from './defense.js';

const NO_POLICY = allow('no policy');
const REFUSED = deny('everything refused');

export const allowAll: Defense = { name: 'allow-all', decide: () => NO_POLICY };
export const denyAll: Defense = { name: 'deny-all', decide: () => REFUSED };
