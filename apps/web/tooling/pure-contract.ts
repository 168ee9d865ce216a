import { type Plugin, parseSync } from 'vite';

/**
 * The contract's top-level zod schemas are built by chained calls (`z.string().trim()…`), which a
 * bundler must assume have side effects, so any page importing one constant from the contract would
 * carry all of zod. Wrapping each top-level call initializer in a pure-annotated IIFE lets unused
 * schemas (and zod with them) drop out, keeping the public shop page light.
 */
export function pureContract(contractDir: string): Plugin {
  return {
    name: 'counterprint:pure-contract',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.startsWith(contractDir) || !file.endsWith('.ts')) return null;
      const { program } = parseSync(file, code);
      const edits: { at: number; text: string }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations) {
          const init = declarator.init;
          // Object literals of schemas (spread into other schemas) hold calls too.
          if (init?.type === 'CallExpression') {
            edits.push({ at: init.start, text: '/* @__PURE__ */ (() => ' }, { at: init.end, text: ')()' });
          } else if (init?.type === 'ObjectExpression') {
            edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
          }
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
      return { code: out, map: null };
    },
  };
}
