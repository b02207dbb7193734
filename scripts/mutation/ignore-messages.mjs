import { declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin";

// A Stryker ignorer (stryker-mutator.io/docs/stryker-js/configuration, `ignorers`): mutants in
// the wording of what the code says, not in what it decides, are left out of the score.
// - log lines: `log.info(…)`, `log.warn(…)` and the like, and an `if` whose only effect is one;
// - message texts: the string value of a `userMessage`, `message`, `details` or `error` property,
//   and the text of `new Error(…)`.
// The decisions around them stay mutated: error codes (`new AppError("FORBIDDEN", …)`), statuses,
// field names and paths (`path: ["SITE_URL"]`), and whether an error is thrown at all.

const MESSAGE_KEYS = new Set(["userMessage", "message", "details", "error"]);
const isText = (node) => node && (node.type === "StringLiteral" || node.type === "TemplateLiteral");
const isLogCall = (statement) =>
  statement?.type === "ExpressionStatement" &&
  statement.expression.type === "CallExpression" &&
  statement.expression.callee.type === "MemberExpression" &&
  statement.expression.callee.object.type === "Identifier" &&
  statement.expression.callee.object.name === "log";
const onlyLogs = (statement) => isLogCall(statement) || (statement?.type === "BlockStatement" && statement.body.length > 0 && statement.body.every(isLogCall));

class MessageIgnorer {
  shouldIgnore(path) {
    const node = path.node;
    if (isLogCall(node)) return "A log line: its wording is not a decision.";
    // `if (…) log.warn(…)` with nothing else: the condition decides only whether to log.
    if (path.isIfStatement() && !node.alternate && onlyLogs(node.consequent)) return "A condition that only decides whether to log.";
    if (path.isObjectProperty() && !node.computed && node.key.type === "Identifier" && MESSAGE_KEYS.has(node.key.name) && isText(node.value))
      return "A message text: its wording is not a decision.";
    if (isText(node) && path.parentPath?.isNewExpression() && path.parent.callee.type === "Identifier" && path.parent.callee.name === "Error")
      return "An internal error's text: its wording is not a decision.";
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, "messages", MessageIgnorer)];
