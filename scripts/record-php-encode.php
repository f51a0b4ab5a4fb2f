<?php
// Records the PHP json_encode goldens the encoder tests compare against
// (json-runtime/tests/encode_php.rs). CI has no PHP: the tests read the files this
// writes. Re-run after changing the inputs:
//
//     php scripts/record-php-encode.php
//
// Inputs: tests/data/php-encode/cases.jsonl (one JSON document per line) and the
// vendored benches/data/twitter.json. For each flag set below it writes
// tests/data/php-encode/cases.<set>.out (one line per input: the output of
// json_encode(json_decode($line), FLAGS), itself written as a JSON string so that
// pretty output fits on a line) and twitter.<set>.json (the raw output) for the sets
// named in $twitter_sets. json_decode returns objects (stdClass), not arrays, so that
// "{}" and {"0":1} stay objects, as in jsonlex's Value.

$root = dirname(__DIR__);
$dir = "$root/tests/data/php-encode";

$sets = [
    'default' => [],
    'unescaped-unicode' => ['JSON_UNESCAPED_UNICODE'],
    'unescaped-unicode-lt' => ['JSON_UNESCAPED_UNICODE', 'JSON_UNESCAPED_LINE_TERMINATORS'],
    'unescaped-slashes' => ['JSON_UNESCAPED_SLASHES'],
    'hex-tag' => ['JSON_HEX_TAG'],
    'hex-amp' => ['JSON_HEX_AMP'],
    'hex-apos' => ['JSON_HEX_APOS'],
    'hex-quot' => ['JSON_HEX_QUOT'],
    'hex-all-unescaped' => ['JSON_HEX_TAG', 'JSON_HEX_AMP', 'JSON_HEX_APOS', 'JSON_HEX_QUOT', 'JSON_UNESCAPED_UNICODE', 'JSON_UNESCAPED_SLASHES'],
    'pretty' => ['JSON_PRETTY_PRINT'],
    'zero-fraction' => ['JSON_PRESERVE_ZERO_FRACTION'],
    'pretty-unescaped-zero' => ['JSON_PRETTY_PRINT', 'JSON_UNESCAPED_UNICODE', 'JSON_UNESCAPED_SLASHES', 'JSON_PRESERVE_ZERO_FRACTION'],
];
$twitter_sets = ['default', 'unescaped-unicode'];

function flags(array $names): int {
    $f = 0;
    foreach ($names as $n) {
        $f |= constant($n);
    }
    return $f;
}

ini_set('serialize_precision', '-1');
$index = [];
$lines = explode("\n", rtrim(file_get_contents("$dir/cases.jsonl"), "\n"));
foreach ($sets as $name => $names) {
    $out = '';
    foreach ($lines as $i => $line) {
        $v = json_decode($line, false, 512, JSON_THROW_ON_ERROR);
        $s = json_encode($v, flags($names) | JSON_THROW_ON_ERROR);
        $out .= json_encode($s, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n";
    }
    file_put_contents("$dir/cases.$name.out", $out);
    $index[$name] = $names;
}
$twitter = json_decode(file_get_contents("$root/benches/data/twitter.json"), false, 512, JSON_THROW_ON_ERROR);
foreach ($twitter_sets as $name) {
    file_put_contents("$dir/twitter.$name.json", json_encode($twitter, flags($sets[$name]) | JSON_THROW_ON_ERROR));
}
file_put_contents("$dir/flag-sets.json", json_encode(
    ['php' => PHP_VERSION, 'sets' => $index, 'twitter' => $twitter_sets],
    JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES
) . "\n");
echo "recorded ", count($sets), " flag sets x ", count($lines), " cases with PHP ", PHP_VERSION, "\n";
