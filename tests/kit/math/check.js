// Render every formula with KaTeX and with MathJax's TeX input (tests/kit/test_formulas.py).
// stdin: a JSON list of [tex, display] pairs.  stdout: one line, "RESULTS " and a JSON list with, for
// each formula, [KaTeX's error or null, MathJax's error or null].
//
// KaTeX as the KaTeX-based viewers use it (VS Code, LMS previews): throwOnError, no strict LaTeX
// complaints (they only warn).  MathJax 3 as JupyterLab 4 loads it (every TeX package), except
// 'noundefined', which would print an unknown command in red instead of failing, and 'bussproofs',
// which needs an output jax; only the TeX-to-MathML step runs, which is where TeX errors arise.
"use strict";
const path = require("path");
const katex = require(path.join(__dirname, "katex", "katex.min.js"));

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const formulas = JSON.parse(input);
  require(path.join(__dirname, "mathjax", "es5", "node-main.js")).init({
    loader: {load: ["adaptors/liteDOM", "input/tex-full"]},
    tex: {packages: {"[-]": ["noundefined", "bussproofs"]}, formatError: (jax, err) => { throw err; }},
  }).then((MathJax) => {
    const results = formulas.map(([tex, display]) => {
      let k = null, m = null;
      try {
        katex.renderToString(tex, {displayMode: display, throwOnError: true, strict: "ignore"});
      } catch (err) {
        k = String(err.message || err);
      }
      try {
        MathJax.tex2mml(tex, {display: display});
      } catch (err) {
        m = String(err.message || err);
      }
      return [k, m];
    });
    process.stdout.write("RESULTS " + JSON.stringify(results) + "\n");
  }).catch((err) => {
    process.stdout.write("RESULTS " + JSON.stringify({setup: String(err)}) + "\n");
  });
});
