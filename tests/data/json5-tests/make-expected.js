// Writes the expected values of the JSON5 tests (see SOURCE.md):
//   cd /tmp && npm install json5@2.2.3 && NODE_PATH=/tmp/node_modules node make-expected.js
// run in this directory. Prints nothing; writes expected.json and random-documents.json.
'use strict';
const fs = require('fs');
const path = require('path');
const JSON5 = require('json5');
// json5 warns about raw U+2028/U+2029 in strings (valid JSON5, not valid ES5): quiet.
console.warn = () => {};

// The value as JSON text, with where Infinity and NaN were (JSON.stringify writes null
// for them, which is what jsonlex gives with NonFinite::Null).
function expect(text) {
    let nonFinite = false;
    const value = JSON5.parse(text, (k, v) => {
        if (typeof v === 'number' && !Number.isFinite(v)) nonFinite = true;
        return v;
    });
    return { json: JSON.stringify(value), nonFinite };
}

// 1. The suite: every .json and .json5 file with its value; .js and .txt files must
//    fail in the reference implementation too (checked here, recorded as null).
const suite = {};
for (const dir of fs.readdirSync('.').filter(d => fs.statSync(d).isDirectory()).sort()) {
    for (const file of fs.readdirSync(dir).sort()) {
        const ext = path.extname(file);
        if (!['.json', '.json5', '.js', '.txt'].includes(ext)) continue;
        const name = `${dir}/${file}`;
        const text = fs.readFileSync(name, 'utf8');
        let result;
        try {
            result = expect(text);
        } catch (e) {
            result = null;
        }
        const valid = ext === '.json' || ext === '.json5';
        if ((result !== null) !== valid) throw new Error(`${name}: the reference implementation disagrees with the suite`);
        suite[name] = result;
    }
}
fs.writeFileSync('expected.json', JSON.stringify(suite, null, 1) + '\n');

// 2. Random JSON5 documents (a seeded generator: the same file every run) with the
//    reference implementation's values.
let seed = 0x5eed1234;
function rand(n) {
    // xorshift32
    seed ^= seed << 13; seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5; seed >>>= 0;
    return seed % n;
}
const pick = a => a[rand(a.length)];
const WS = [' ', '\t', '\n', '\r\n', '\u000B', '\u000C', '\u00A0', '\uFEFF', '\u2028', '\u2029', '\u3000', '\u2003'];
function ws() {
    let s = '';
    for (let n = rand(4); n > 0; n--) {
        const r = rand(10);
        if (r === 0) s += '/* ' + pick(['', 'a * b', '**', 'é ☃', '/']) + ' */';
        else if (r === 1) s += '// ' + pick(['', 'note', '*/', '日本']) + pick(['\n', '\r', '\u2028', '\u2029']);
        else s += pick(WS);
    }
    return s;
}
function digits(n) {
    let s = '';
    for (let i = 0; i < n; i++) s += String(rand(10));
    return s;
}
function int() {
    const n = 1 + rand(20);
    return n === 1 ? String(rand(10)) : String(1 + rand(9)) + digits(n - 1);
}
function number() {
    const sign = pick(['', '', '-', '+']);
    const exp = () => (rand(3) === 0 ? pick(['e', 'E']) + pick(['', '+', '-']) + String(rand(40)) : '');
    switch (rand(9)) {
        case 0: return sign + '0' + pick(['x', 'X']) + [...Array(1 + rand(18))].map(() => pick([...'0123456789abcdefABCDEF'])).join('');
        case 1: return sign + '.' + digits(1 + rand(8)) + exp();
        case 2: return sign + int() + '.' + exp();
        case 3: return sign + int() + '.' + digits(1 + rand(17)) + exp();
        case 4: return sign + pick(['Infinity', 'NaN']);
        default: return sign + int() + exp();
    }
}
const CHARS = ['a', 'Z', ' ', 'é', '日本', '😀', '"', "'", '\t', '\u2028', '\u0001', '/', '*'];
const ESCAPES = ['\\n', '\\t', '\\r', '\\b', '\\f', '\\v', '\\0', '\\\\', "\\'", '\\"', '\\/', '\\x41', '\\xe9',
    '\\u00e9', '\\u20AC', '\\ud83d\\ude00', '\\a', '\\é', '\\\n', '\\\r\n', '\\\r', '\\\u2028', '\\\u2029'];
function string() {
    const q = pick(['"', "'"]);
    let s = q;
    for (let n = rand(8); n > 0; n--) {
        let c = rand(3) === 0 ? pick(ESCAPES) : pick(CHARS);
        if (c === q) c = '\\' + q;
        // `\0` before a digit is an octal escape: keep it away from digits.
        s += c;
    }
    return s + q;
}
const NAMES = ['a', 'abc', '$', '_', '_$x1', 'true', 'null', 'Infinity', 'NaN', 'while', 'x\\u0041', '\\u0062c', 'camelCase9'];
function key() {
    return rand(2) === 0 ? pick(NAMES) : string();
}
function value(depth) {
    const r = rand(depth > 3 ? 6 : 9);
    if (r < 2) return number();
    if (r < 4) return string();
    if (r < 6) return pick(['true', 'false', 'null']);
    const items = [];
    const n = rand(5);
    if (r < 7 || r === 8 && depth > 2) {
        for (let i = 0; i < n; i++) items.push(ws() + value(depth + 1) + ws());
        return '[' + items.join(',') + (n > 0 && rand(2) ? ',' : '') + ws() + ']';
    }
    for (let i = 0; i < n; i++) items.push(ws() + key() + ws() + ':' + ws() + value(depth + 1) + ws());
    return '{' + items.join(',') + (n > 0 && rand(2) ? ',' : '') + ws() + '}';
}
const random = [];
while (random.length < 400) {
    const doc = ws() + value(0) + ws();
    let result;
    try {
        result = expect(doc);
    } catch (e) {
        throw new Error(`the generator wrote invalid JSON5: ${JSON.stringify(doc)}: ${e.message}`);
    }
    random.push({ doc, json: result.json, nonFinite: result.nonFinite });
}
fs.writeFileSync('random-documents.json', JSON.stringify(random, null, 1) + '\n');
