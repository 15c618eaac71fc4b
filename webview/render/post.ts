// How a view sends a message to the extension host: its own module, so the views that only post (review controls,
// terminal cards) do not import the card context that names them.
import type { WebviewToHost } from '../../src/shared/messages';

export type Post = (msg: WebviewToHost) => void;
