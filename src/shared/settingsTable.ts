// Every `switchboard.*` setting, named once: its key, type, default, bounds, scope, and whether only the user's
// own settings count. package.json's `contributes.configuration` says the same for VS Code's settings editor, and
// a test keeps the two equal (test/unit/architecture/settingsManifest.test.ts), so a default cannot be written
// twice differently. The reader is src/vscode/settings.ts; the check of a value is settingsCheck.ts.
//
// This lives in shared/ because the lower layers' own defaults are these (the protocol's message bound, review's
// turn limits, the fs read cap, the registry's addresses): they import them from here rather than repeat them.

/** VS Code's scopes, as package.json writes them ("window" when it writes none). */
export type SettingScope = 'window' | 'machine' | 'machine-overridable';

interface SettingBase {
  scope: SettingScope;
  /**
   * Read from the user's own settings only (VS Code's `inspect().globalValue`): a workspace's
   * .vscode/settings.json comes with any cloned repository and must not raise a limit or switch a draft
   * feature on. The scope "machine" keeps such values out too; this holds where the scope would not.
   */
  userOnly?: true;
}

export interface IntegerSetting extends SettingBase {
  type: 'integer';
  default: number;
  minimum: number;
  maximum: number;
}

export interface BooleanSetting extends SettingBase {
  type: 'boolean';
  default: boolean;
}

export interface StringSetting extends SettingBase {
  type: 'string';
  default: string;
  /** The values allowed; any string when absent. */
  enum?: readonly string[];
  /** An address: surrounding spaces are cut, and a blank value means the default (as the description says). */
  blankIsDefault?: true;
}

/** A setting with its own shape, checked by the parser named in its comment (which reports what it cannot use). */
export interface ObjectSetting extends SettingBase {
  type: 'object';
  default: Readonly<Record<string, never>>;
}

export type SettingSpec = IntegerSetting | BooleanSetting | StringSetting | ObjectSetting;

export const SETTINGS_SECTION = 'switchboard';

export const SETTINGS = {
  /** parseAgentsSetting (agents/config.ts). */
  agents: { type: 'object', default: {}, scope: 'machine' },
  defaultAgent: { type: 'string', default: '', scope: 'window' },
  maxMessageSizeMiB: { type: 'integer', default: 64, minimum: 1, maximum: 1024, scope: 'machine', userOnly: true },
  initializeTimeoutSeconds: {
    type: 'integer',
    default: 30,
    minimum: 1,
    maximum: 3600,
    scope: 'machine',
    userOnly: true,
  },
  followAgent: { type: 'string', enum: ['off', 'reveal', 'focus'], default: 'off', scope: 'window' },
  'review.maxFilesPerTurn': {
    type: 'integer',
    default: 200,
    minimum: 1,
    maximum: 100_000,
    scope: 'machine',
    userOnly: true,
  },
  'review.maxMiBPerTurn': { type: 'integer', default: 20, minimum: 1, maximum: 1024, scope: 'machine', userOnly: true },
  /** Binary files reviewed whole (src/review/binaryCopies.ts); larger ones are not tracked. */
  'review.maxBinaryMiB': { type: 'integer', default: 16, minimum: 1, maximum: 1024, scope: 'machine', userOnly: true },
  /** "Run tests" of a comparison (src/vscode/compare/compareTests.ts); a workspace may name its own command. */
  'compare.testCommand': { type: 'string', default: '', scope: 'window' },
  'compare.testTimeoutMinutes': { type: 'integer', default: 10, minimum: 1, maximum: 240, scope: 'window' },
  'checkpoints.maxDiskMiB': {
    type: 'integer',
    default: 100,
    minimum: 1,
    maximum: 102_400,
    scope: 'machine',
    userOnly: true,
  },
  'fs.readOutsideWorkspace': {
    type: 'string',
    enum: ['ask', 'allow', 'deny'],
    default: 'ask',
    scope: 'machine',
    userOnly: true,
  },
  'fs.maxReadMiB': { type: 'integer', default: 50, minimum: 1, maximum: 1024, scope: 'machine', userOnly: true },
  'registry.url': {
    type: 'string',
    default: 'https://cdn.agentclientprotocol.com/registry/v1/latest/registry.json',
    blankIsDefault: true,
    scope: 'machine',
  },
  'registry.updates': { type: 'string', enum: ['off', 'notify', 'auto'], default: 'notify', scope: 'machine' },
  'registry.nodeDistUrl': {
    type: 'string',
    default: 'https://nodejs.org/dist',
    blankIsDefault: true,
    scope: 'machine',
  },
  'registry.uvReleasesUrl': {
    type: 'string',
    default: 'https://github.com/astral-sh/uv/releases/download',
    blankIsDefault: true,
    scope: 'machine',
  },
  discoverAgentsOnPath: { type: 'boolean', default: true, scope: 'machine', userOnly: true },
  /** parseMcpServersSetting (agents/mcpServers.ts). */
  mcpServers: { type: 'object', default: {}, scope: 'machine' },
  /** parseAgentDefaults (session/lifecycle/sessionChoices.ts). */
  agentDefaults: { type: 'object', default: {}, scope: 'window' },
  notifyWhenUnfocused: { type: 'boolean', default: true, scope: 'window' },
  elicitation: { type: 'boolean', default: true, scope: 'window' },
  subagents: { type: 'boolean', default: true, scope: 'window' },
  /** Switchboard's editor MCP server (src/chat/mcp/); a cloned repository's settings cannot switch it on. */
  editorMcpServer: { type: 'boolean', default: true, scope: 'machine', userOnly: true },
  /** Replaced by `elicitation`; a value set here still applies while that one is not set (elicitationSetting.ts). */
  'experimental.elicitation': { type: 'boolean', default: false, scope: 'machine' },
  'experimental.fork': { type: 'boolean', default: false, scope: 'machine', userOnly: true },
  /** Ask agents for ACP v2 (a draft): session/agent/agentConnection.ts, protocol/v2/negotiation.ts. */
  acpV2: { type: 'boolean', default: false, scope: 'machine', userOnly: true },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;

/** What a setting reads as: a number, a boolean, one of its values, a string, or (own shape) unknown. */
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K] extends { enum: readonly (infer V)[] }
  ? V
  : (typeof SETTINGS)[K] extends { type: 'integer' }
    ? number
    : (typeof SETTINGS)[K] extends { type: 'boolean' }
      ? boolean
      : (typeof SETTINGS)[K] extends { type: 'string' }
        ? string
        : unknown;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** A setting's default, as VS Code's settings editor shows it (package.json says the same). */
export function settingDefault<K extends SettingKey>(key: K): SettingValue<K> {
  return SETTINGS[key].default as SettingValue<K>;
}

/** The name a user writes in settings.json. */
export function settingName(key: SettingKey): string {
  return `${SETTINGS_SECTION}.${key}`;
}
