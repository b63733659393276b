import { test } from "node:test";
import assert from "node:assert/strict";
import { answerFromPassages } from "./answer.ts";
import { sentencesOf } from "./sentences.ts";

// Passages as the knowledge base stores them from the held-out sets (tests/kb-check-set, tests/kb-third-set):
// nano's FAQ (nano 7.2), valgrind's FAQ (valgrind 3.19), TCP wrappers'
// README (libwrap0 7.6), defusedxml's README (0.7.1).
const multibuffer = {
  heading: "Installation and Configuration › Tell me more about this multibuffer stuff!",
  text:
    "To use multiple file buffers, you must not have configured nano with " +
    "--disable-multibuffer nor with --enable-tiny (use nano -V to check the " +
    "compilation options). Then when you want to insert a file into its own buffer " +
    "instead of into the current file, just hit Meta-F after typing ^R. " +
    "If you always want files to be loaded into their own buffers, use the -F or " +
    "--multibuffer flag when you invoke nano, or add set multibuffer to your " +
    ".nanorc file. You can move between the buffers you have open with the Meta-< " +
    "and Meta-> keys, or more easily without holding Shift: Meta-, and " +
    "Meta-. (clear as mud, right? =-). When you have more than one buffer " +
    'open, the ^X shortcut will say "Close", instead of "Exit".',
};

test("a question mark inside brackets does not end the sentence, nor make it a question; the aside is not said", () => {
  const s = sentencesOf(multibuffer.text, multibuffer.heading).find((x) => x.text.startsWith("You can move between"))!;
  assert.match(s.text, /without holding Shift: Meta-, and Meta-\.$/);
  assert.equal(s.question, false);
  // The aside is left out of the sentence chosen, but the precision gate (gate.ts) holds it back:
  // it and its heading hold under 70% of the question.
  const a = answerFromPassages("how do I move between the files I have open", [multibuffer]);
  assert.equal(a.checks[0]?.rule, "well-supported");
  assert.match(a.checks[0]!.sentence, /^You can move between the buffers/);
});

// An FAQ whose questions are its headings (nano's FAQ, valgrind's): the heading is the question the passage answers.
const selfCompiled = {
  heading: "Installation and Configuration › Why does my self-compiled nano not read /etc/nanorc?",
  text:
    "By default (see 3.3), nano gets installed into /usr/local. This also means " +
    "that, at startup, nano will read /usr/local/etc/nanorc instead of " +
    "/etc/nanorc. You can make a symlink from the former to the latter if you " +
    "want your self-compiled nano to read the same nanorc as the " +
    "system-installed nano. Or you can configure your nano to overwrite the system nano (again, see 3.3).",
};

test("words a sentence repeats from a question heading are an echo; a first sentence, a path answers 'where'", () => {
  // Not "You can make a symlink… if you want your self-compiled nano to read…", which echoes the heading.
  assert.match(
    answerFromPassages("where does nano get installed when I compile it myself", [selfCompiled]).text,
    /^By default \(see 3\.3\), nano gets installed into \/usr\/local\./,
  );
});

const freeres = {
  heading:
    "Valgrind aborts unexpectedly › Programs run OK on Valgrind, but at exit produce a bunch " +
    "of errors involving __libc_freeres and then die with a segmentation fault.",
  text:
    "When the program exits, Valgrind runs the procedure __libc_freeres in glibc. " +
    "This is a hook for memory debuggers, so they can ask glibc to free " +
    "up any memory it has used. The problem is that running __libc_freeres in " +
    "older glibc versions causes this crash. Workaround for 1.1. X and " +
    "later versions of Valgrind: use the --run-libc-freeres=no option. You may " +
    "then get space leak reports for glibc allocations (please don't " +
    "report these to the glibc people, since they are not real leaks), but at least the program runs.",
};
const children = {
  heading: "Valgrind behaves unexpectedly › Memcheck doesn't report any errors and I know my program has errors.",
  text:
    "There are two possible causes of this. First, by default, Valgrind only " +
    "traces the top-level process. So if your program spawns children, " +
    "they won't be traced by Valgrind by default. To trace child processes, use " +
    "the --trace-children=yes option. If you are tracing large trees " +
    "of processes, it can be less disruptive to have the output sent over the network.",
};

test("a sentence naming one option with its value is said; a version number ('1.1.X') does not end a sentence", () => {
  assert.equal(
    answerFromPassages("how do i get valgrind to trace child processes", [children]).text,
    "To trace child processes, use the --trace-children=yes option.",
  );
  assert.ok(
    sentencesOf(freeres.text).some(
      (s) => s.text === "Workaround for 1.1.X and later versions of Valgrind: use the --run-libc-freeres=no option.",
    ),
  );
  assert.match(
    answerFromPassages("my program crashes at exit in libc freeres under valgrind, what's the workaround", [freeres])
      .text,
    /--run-libc-freeres=no/,
  );
});

const jit = {
  heading:
    "Valgrind aborts unexpectedly › I tried running a Java program (or another program that uses a " +
    "just-in-time compiler) under Valgrind but something went wrong. Does Valgrind handle such programs?",
  text:
    "Valgrind can handle dynamically generated code, so long as none of the " +
    "generated code is later overwritten by other generated code. " +
    "You should try running with --smc-check=all in this case. Valgrind will run " +
    "much more slowly, but should detect the use of the out-of-date code.",
};

test("'which option' is answered by the sentence naming one, though it never says 'option'", () => {
  assert.equal(
    answerFromPassages("which option should I use for a program with a just in time compiler", [jit]).text,
    "You should try running with --smc-check=all in this case.",
  );
});

// Apache's .htaccess how-to (apache2-doc 2.4) and nano's FAQ: the way to do it
// given as an instruction, in other verbs than the caller's.
const allowOverrideList = {
  heading: "When (not) to use .htaccess files ¶",
  text:
    "If you need to grant .htaccess access but want to limit it to specific " +
    "directives rather than entire categories, use the AllowOverrideList " +
    "directive. This lets you name individual directives that are permitted, " +
    "providing finer-grained control than AllowOverride alone: # Allow only " +
    "specific directives, not entire categories AllowOverride None " +
    "AllowOverrideList Redirect RedirectMatch RewriteEngine RewriteRule RewriteCond",
};
const verbatim = {
  heading: "Installation and Configuration › Tell me more about this verbatim input stuff!",
  text:
    "When you want to insert a literal character into the file you're editing, such " +
    "as a control character that nano usually treats as a command, " +
    "first press Meta-V (if you're not at a prompt, you'll get the message \"Verbatim " +
    'Input" on the status bar), then press the key(s) that generate ' +
    "the character you want.",
};

test("an instruction after a condition or first step answers 'how do I…' in its own verb ('allow'/'use')", () => {
  assert.match(
    answerFromPassages("How can I allow only a few specific directives in .htaccess files?", [allowOverrideList]).text,
    /^If you need to grant .*use the AllowOverrideList directive\.$/,
  );
  assert.match(
    answerFromPassages("How do I type a control character into the file literally?", [verbatim]).text,
    /first press Meta-V/,
  );
});

// TCP wrappers' README (libwrap0 7.6): "who" asks for a name.
const rpcLimits = {
  heading: "Limitations › Known wrapper limitations",
  text:
    "The wrappers do not work with RPC services over TCP. These services " +
    "are registered as rpc/tcp in the inetd configuration file.",
};
const thanks = {
  heading: "Acknowledgements",
  text:
    "Thanks to Brendan Kehoe (cs.widener.edu) and Dan Bernstein " +
    "(kramden.acf.nyu.edu) for feedback on an early release of this product.",
};

test("'who wrote…' is answered only by a sentence with a name in it", () => {
  assert.equal(answerFromPassages("who wrote the tcp wrappers", [rpcLimits]).answered, false);
  const named = answerFromPassages("who gave feedback on an early release of the wrappers", [thanks, rpcLimits]);
  // The sentence with the name is chosen, but the precision gate (gate.ts) holds it back:
  // it and its heading hold under 70% of the question.
  assert.equal(named.checks[0]?.rule, "well-supported");
  assert.match(named.checks[0]!.sentence, /Brendan Kehoe/);
});

test("'who do I contact…' may be answered by a team: only 'who wrote / founded / maintains…' needs a name", () => {
  const support = { heading: "Support", text: "Contact our billing team by email for any question about invoices." };
  assert.match(answerFromPassages("who do I contact about invoices", [support]).text, /billing team/);
});
