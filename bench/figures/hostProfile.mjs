// A CPU profile of code-server's extension host, to tell Switchboard's share of its CPU from VS Code's own (a
// port finder reading /proc and `ps` every few seconds, among others): SIGUSR1 opens the host's inspector on
// 127.0.0.1:9229 (Node's default), and the DevTools protocol's profiler samples it over a window.
// Needs a global WebSocket (Node >= 22: scripts/bench.mjs runs idle.mjs on the extension host's Node 24).
import { sleep } from '../../scripts/e2e/codeServer.mjs';

const INSPECTOR = 'http://127.0.0.1:9229';

/** Opens the inspector of process `pid` and connects to it; throws with the reason when it cannot. */
export async function attachProfiler(pid) {
  const WebSocket = globalThis.WebSocket;
  if (typeof WebSocket !== 'function') throw new Error(`no WebSocket in Node ${process.version} (needs 22+)`);
  process.kill(pid, 'SIGUSR1');
  let target;
  for (let i = 0; i < 50 && !target; i++) {
    await sleep(100);
    const list = await fetch(`${INSPECTOR}/json/list`)
      .then((r) => r.json())
      .catch(() => []);
    target = list.find((t) => t.webSocketDebuggerUrl);
  }
  if (!target) throw new Error(`the extension host (pid ${pid}) did not open its inspector on ${INSPECTOR}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`could not connect to ${target.webSocketDebuggerUrl}`));
  });
  let nextId = 0;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  // Is it the extension host? Another process of the machine could hold the default port.
  const { result } = await send('Runtime.evaluate', { expression: 'process.pid', returnByValue: true });
  if (result?.result?.value !== pid) {
    socket.close();
    throw new Error(
      `${INSPECTOR} is another process's inspector (pid ${result?.result?.value}), not the extension host's`,
    );
  }
  await send('Profiler.enable');
  return {
    start: () => send('Profiler.start'),
    /** Stops sampling; returns the profile since start. */
    async stop() {
      const { result: stopped } = await send('Profiler.stop');
      return stopped.profile;
    },
    /** Samples the host over `ms`; returns the profile. */
    async profile(ms) {
      await send('Profiler.start');
      await sleep(ms);
      return this.stop();
    },
    close: () => socket.close(),
  };
}

/** Sampled CPU time (ms) whose stack runs through a script whose URL contains `marker`, and the top stacks. */
export function cpuIn(profile, marker) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const ours = new Map();
  const isOurs = (id) => {
    if (ours.has(id)) return ours.get(id);
    const node = byId.get(id);
    const answer = node.callFrame.url.includes(marker) || (parent.has(id) && isOurs(parent.get(id)));
    ours.set(id, answer);
    return answer;
  };
  let us = 0;
  let total = 0;
  const where = new Map();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    total += delta;
    if (!isOurs(id)) return;
    us += delta;
    const frame = `${name || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber}`;
    where.set(frame, (where.get(frame) ?? 0) + delta);
  });
  const top = [...where]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([frame, t]) => `${frame} ${(t / 1000).toFixed(1)} ms`);
  return { ms: us / 1000, totalMs: total / 1000, top };
}
