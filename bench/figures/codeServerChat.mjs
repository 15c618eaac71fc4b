// What the code-server figure scripts (vscode.mjs, idle.mjs) share: the extension host's pid and CPU time, the chat
// webview's frame, choosing the agent in the chat's picker, and how a script says it could not take a figure.
import fs from 'node:fs';

/** A figure that could not be taken: the script says why on stdout for scripts/bench.mjs, and fails. */
export class FigureNotTaken extends Error {}

/** The fields of /proc/<pid>/stat after the command name. */
function statFields(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The pid of the extension host in the code-server process group, or null when not found. */
export function extensionHostPid(pgid) {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (Number(statFields(pid)[2]) !== pgid) continue;
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('extensionHost')) return Number(pid);
    } catch {
      // the process went away
    }
  }
  return null;
}

/** CPU time (ms) of the extension host in the code-server process group, or null when not found. */
export function extensionHostCpuMs(pgid) {
  const pid = extensionHostPid(pgid);
  if (pid === null) return null;
  try {
    const fields = statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ 100
  } catch {
    return null; // it went away
  }
}

/** The chat webview's inner frame (iframe.webview > #active-frame) as a playwright Frame. */
export async function webviewFrame(page) {
  for (const frame of page.frames()) {
    if (await frame.$('#composer').catch(() => null)) return frame;
  }
  throw new Error('the chat webview frame was not found');
}

/** Chooses `agentId` in the chat's agent picker, or says which agents the picker offers. */
export async function pickAgent(chat, agentId) {
  // Explicitly: the picker may still preselect another agent (the demo) when the chat renders before the
  // settings' default reached it.
  const picker = chat.locator('select.agent-picker:visible').first();
  await picker.selectOption(agentId, { timeout: 20_000 }).catch(async (error) => {
    const options = await chat
      .locator('select.agent-picker option')
      .allTextContents()
      .catch(() => []);
    throw new FigureNotTaken(
      `the agent ${agentId} is not in the chat's agent picker (options: ${options.join(', ') || 'none'}); ` +
        `is switchboard.agents in the run's Machine settings? (${String(error.message).split('\n')[0]})`,
    );
  });
}
