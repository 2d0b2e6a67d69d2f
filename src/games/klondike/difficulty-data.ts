/**
 * The grading tables the game module ships (difficulty.ts reads them), one per rule set graded,
 * each the text `tabletop klondike grade … --table FILE` wrote (docs/klondike.md, "Difficulty"),
 * with the defaults (4 grading runs, 2 check runs, 300,000 positions, seed 1):
 *
 * - standard rules, draw 3, unlimited passes: deals 1..180, from
 *   `tabletop klondike grade --rules standard --draw 3 --seeds 1..300 --out d3.jsonl` stopped
 *   after 180 deals (about 10 CPU-minutes), then `--merge d3.jsonl --table FILE`;
 * - standard rules, draw 1, unlimited passes: deals 1..240, from
 *   `tabletop klondike grade --rules standard --draw 1 --seeds 1..240 --out d1.jsonl --table FILE`
 *   (about 10 CPU-minutes).
 *
 * docs/benchmarks.md ("Klondike difficulty grades") gives the grades' check. Rule sets without a
 * table (limited passes, the assignment's rules, other piles) have no grades.
 */
import { parseDifficultyTable, type DifficultyTable } from './difficulty.js';

/** The rule set a table is for: scoring changes no move, so no grade. */
export interface GradedRuleSet {
  readonly rules: 'assignment' | 'standard';
  readonly draw: number;
  /** Passes through the stock (Infinity: unlimited; the assignment's rules have no limit). */
  readonly passes: number;
}

/** A rule set's name among the tables: `standard/draw3/passesunlimited`, `assignment/draw1`. */
export function gradedRuleSetKey(rules: GradedRuleSet): string {
  if (rules.rules === 'assignment') return `assignment/draw${String(rules.draw)}`;
  return `standard/draw${String(rules.draw)}/passes${rules.passes === Infinity ? 'unlimited' : String(rules.passes)}`;
}

const TABLES: Readonly<Record<string, string>> = {
  'standard/draw3/passesunlimited': `tabletop-klondike-grades/1 rules=standard draw=3 passes=unlimited runs=4 checkRuns=2 maxStates=300000 seed=1
1 ? 300000 0 0
2 w 147481 0 0
3 w 260 0 0
4 ? 300000 0 0
5 w 91 4 2
6 w 1553 1 2
7 w 958 0 0
8 w 66215 0 0
9 w 17422 0 0
10 w 139 1 1
11 w 408 0 0
12 w 41780 0 0
13 w 1443 1 0
14 w 11801 0 0
15 ? 300000 0 0
16 w 1388 0 0
17 w 34199 0 0
18 w 117 4 2
19 w 116 2 1
20 w 188 0 0
21 w 6369 0 0
22 w 2074 0 0
23 w 11436 0 0
24 w 260 0 0
25 w 107 4 2
26 w 38470 0 0
27 w 1168 3 0
28 w 277 0 0
29 ? 300000 0 0
30 ? 300000 0 0
31 u 44 0 0
32 w 81 4 2
33 w 107 3 1
34 u 14 0 0
35 w 89796 4 1
36 w 898 0 1
37 u 2 0 0
38 w 93 4 2
39 w 572 0 0
40 w 145 4 2
41 ? 300000 0 0
42 w 105 4 2
43 w 567 1 0
44 ? 300000 0 0
45 ? 300000 0 0
46 w 155 4 2
47 u 7 0 0
48 w 14653 4 1
49 ? 300000 0 0
50 ? 300000 0 0
51 w 127 0 0
52 w 31555 3 2
53 w 76181 0 0
54 w 431 1 0
55 w 870 4 2
56 w 282 0 0
57 w 127 2 1
58 w 7725 0 0
59 ? 300000 0 0
60 w 123 4 2
61 ? 300000 0 0
62 u 1029 0 0
63 ? 300000 0 0
64 ? 300000 0 0
65 ? 300000 0 0
66 w 84 4 2
67 w 136 0 0
68 w 127 3 1
69 w 656 0 1
70 w 1361 4 1
71 ? 300000 0 0
72 w 17115 0 0
73 w 1102 0 0
74 w 167 4 2
75 w 104 3 2
76 w 321 0 0
77 w 75086 0 0
78 w 187 4 2
79 w 6617 0 0
80 w 88 2 1
81 w 83 4 2
82 w 622 0 0
83 ? 300000 0 0
84 w 119 4 2
85 w 135 4 2
86 w 135 0 0
87 w 58979 0 0
88 w 10382 0 0
89 ? 300000 0 0
90 w 247023 0 0
91 w 95 4 2
92 ? 300000 0 0
93 w 4775 0 0
94 w 114387 0 0
95 ? 300000 0 0
96 w 203 1 0
97 ? 300000 0 0
98 ? 300000 0 0
99 w 88 4 2
100 u 292 0 0
101 w 32060 0 0
102 w 463 2 2
103 w 11901 0 0
104 w 112 4 1
105 w 75086 0 0
106 ? 300000 0 0
107 ? 300000 0 0
108 ? 300000 0 0
109 w 161 0 0
110 ? 300000 0 0
111 w 8008 0 0
112 w 1095 0 0
113 ? 300000 0 0
114 w 218 0 0
115 ? 300000 0 0
116 w 131 4 2
117 w 235983 0 0
118 ? 300000 0 0
119 w 23885 1 1
120 w 11158 3 2
121 ? 300000 0 0
122 ? 300000 0 0
123 w 134 0 0
124 u 53051 0 0
125 u 14203 0 0
126 w 98 4 1
127 w 1234 0 0
128 w 115 4 2
129 ? 300000 0 0
130 ? 300000 0 0
131 ? 300000 0 0
132 w 127 3 0
133 w 1561 0 0
134 w 416 3 2
135 w 147 4 2
136 ? 300000 0 0
137 w 159 1 1
138 w 115 0 0
139 w 166 2 0
140 w 1130 4 2
141 ? 300000 0 0
142 w 463 0 0
143 ? 300000 0 0
144 w 75250 0 0
145 w 22436 1 0
146 w 77 4 2
147 ? 300000 0 0
148 w 111 4 2
149 u 228650 0 0
150 ? 300000 0 0
151 ? 300000 0 0
152 ? 300000 0 0
153 w 1564 0 0
154 w 99 1 0
155 w 269 0 2
156 w 104 4 2
157 ? 300000 0 0
158 ? 300000 0 0
159 ? 300000 0 0
160 w 1248 4 2
161 u 125 0 0
162 w 755 0 0
163 w 75127 0 0
164 w 335 0 0
165 w 637 1 0
166 ? 300000 0 0
167 u 551 0 0
168 w 2645 3 2
169 w 838 0 0
170 w 79 4 2
171 u 192679 0 0
172 w 1302 0 0
173 ? 300000 0 0
174 w 111 4 2
175 w 118 4 2
176 w 76 4 2
177 w 75105 1 0
178 u 5 0 0
179 ? 300000 0 0
180 w 266564 0 0
`,
  'standard/draw1/passesunlimited': `tabletop-klondike-grades/1 rules=standard draw=1 passes=unlimited runs=4 checkRuns=2 maxStates=300000 seed=1
1 w 180 4 2
2 w 90 4 2
3 w 75092 0 0
4 ? 300000 0 0
5 w 105 4 2
6 ? 300000 0 0
7 w 128 4 2
8 w 126 4 2
9 w 81 4 2
10 w 85 4 2
11 w 91 4 2
12 w 99 4 2
13 w 134 4 2
14 w 97 4 2
15 ? 300000 0 0
16 w 79 4 2
17 ? 300000 0 0
18 w 69 4 2
19 w 73 4 2
20 ? 300000 0 0
21 w 95 4 2
22 w 118 4 2
23 w 11604 0 0
24 w 106 4 2
25 w 102 4 2
26 w 32713 0 0
27 w 783 1 0
28 ? 300000 0 0
29 w 206703 0 0
30 ? 300000 0 0
31 w 3510 0 0
32 w 87 4 2
33 w 163 4 2
34 w 65036 0 0
35 w 75 4 2
36 w 113 4 2
37 ? 300000 0 0
38 w 88 4 2
39 w 74 4 2
40 w 92 4 2
41 ? 300000 0 0
42 w 100 4 2
43 w 489 0 0
44 ? 300000 0 0
45 ? 300000 0 0
46 w 107 4 2
47 u 1493 0 0
48 w 99 4 2
49 w 94 4 2
50 ? 300000 0 0
51 w 121 4 2
52 w 120 4 2
53 w 183 4 2
54 ? 300000 0 0
55 w 130 0 2
56 w 134 4 2
57 w 104 4 2
58 w 49914 0 0
59 w 193 4 2
60 w 79 4 2
61 ? 300000 0 0
62 w 9583 0 0
63 ? 300000 0 0
64 ? 300000 0 0
65 w 79 4 2
66 w 75 3 2
67 w 87 4 2
68 w 88 2 1
69 w 637 4 1
70 w 153 4 2
71 ? 300000 0 0
72 w 24288 0 0
73 w 83 3 2
74 w 81 4 2
75 w 114 4 2
76 w 105 4 1
77 w 75083 0 0
78 w 100 4 2
79 w 14356 0 0
80 w 100 4 2
81 w 126 4 2
82 ? 300000 0 0
83 ? 300000 0 0
84 w 98 4 2
85 w 505 4 2
86 w 66 4 2
87 w 3036 0 0
88 w 18786 0 0
89 ? 300000 0 0
90 w 84677 0 0
91 w 90 4 2
92 w 94 4 2
93 w 1512 2 1
94 w 70 4 2
95 w 77 4 2
96 w 83 4 2
97 ? 300000 0 0
98 ? 300000 0 0
99 w 118 4 2
100 w 877 0 0
101 w 112 4 2
102 w 143 4 2
103 ? 300000 0 0
104 w 85 4 2
105 w 101 4 2
106 ? 300000 0 0
107 ? 300000 0 0
108 w 95 1 0
109 w 1464 0 0
110 w 2281 0 1
111 w 143 4 2
112 ? 300000 0 0
113 w 467 3 2
114 w 76 4 2
115 ? 300000 0 0
116 w 70 4 2
117 ? 300000 0 0
118 w 75108 0 0
119 w 141 4 2
120 w 96 4 2
121 ? 300000 0 0
122 ? 300000 0 0
123 w 19873 0 0
124 ? 300000 0 0
125 ? 300000 0 0
126 w 150 4 2
127 w 97 4 2
128 w 86 4 2
129 w 61 4 2
130 ? 300000 0 0
131 w 22170 0 0
132 w 110 4 2
133 w 97 4 2
134 w 104 4 2
135 w 117 4 2
136 ? 300000 0 0
137 w 18891 0 0
138 w 99 4 2
139 w 67 4 2
140 w 203 2 2
141 ? 300000 0 0
142 w 97 2 0
143 w 186711 0 0
144 w 92 4 2
145 ? 300000 0 0
146 w 253 2 1
147 ? 300000 0 0
148 w 137 4 2
149 w 105 4 1
150 ? 300000 0 0
151 ? 300000 0 0
152 ? 300000 0 0
153 w 130 4 2
154 w 96 4 2
155 w 91 4 2
156 w 105 4 2
157 w 350 0 0
158 ? 300000 0 0
159 ? 300000 0 0
160 w 291 0 0
161 u 945 0 0
162 w 178 4 2
163 w 324 1 0
164 w 94 1 2
165 w 421 0 0
166 w 132 4 2
167 u 5908 0 0
168 ? 300000 0 0
169 w 9825 0 0
170 w 59 4 2
171 ? 300000 0 0
172 w 90 4 2
173 ? 300000 0 0
174 w 105 4 2
175 w 91 4 2
176 w 59 4 2
177 ? 300000 0 0
178 w 75091 0 0
179 ? 300000 0 0
180 w 130 4 2
181 w 120 4 2
182 w 160 4 2
183 ? 300000 0 0
184 w 638 0 0
185 ? 300000 0 0
186 w 116 4 2
187 w 68938 0 0
188 w 254958 0 0
189 w 11014 0 0
190 w 146 4 2
191 w 2191 3 2
192 w 97 4 2
193 w 113 4 2
194 w 94 4 2
195 ? 300000 0 0
196 w 97 4 2
197 w 136 4 2
198 w 596 1 0
199 w 71 4 2
200 w 135 0 1
201 ? 300000 0 0
202 w 17659 1 1
203 w 1043 0 0
204 w 72 4 2
205 u 49033 0 0
206 ? 300000 0 0
207 w 81 4 2
208 ? 300000 0 0
209 w 79 4 2
210 ? 300000 0 0
211 w 76 4 2
212 w 59 4 2
213 ? 300000 0 0
214 w 76 4 2
215 w 71 4 2
216 ? 300000 0 0
217 ? 300000 0 0
218 w 145 4 2
219 w 162371 0 0
220 w 105 4 2
221 w 77358 0 0
222 w 150 4 2
223 w 106 4 2
224 w 235429 0 0
225 w 7271 0 0
226 w 70 4 2
227 w 5275 0 0
228 w 95 4 2
229 w 3246 0 0
230 w 86 4 2
231 w 2468 0 0
232 w 10067 0 0
233 w 128 4 2
234 w 213 0 0
235 ? 300000 0 0
236 ? 300000 0 0
237 w 27088 0 0
238 ? 300000 0 0
239 w 2772 0 1
240 w 87 4 2
`,
};

const parsed = new Map<string, DifficultyTable>();

/** The shipped table of the rule set (7 piles), or null when none was graded. */
export function difficultyTableFor(rules: GradedRuleSet): DifficultyTable | null {
  const key = gradedRuleSetKey(rules);
  const text = TABLES[key];
  if (text === undefined) return null;
  let table = parsed.get(key);
  if (table === undefined) {
    table = parseDifficultyTable(text, `the shipped grading table of ${key}`);
    parsed.set(key, table);
  }
  return table;
}

/** The rule sets with a shipped table. */
export function shippedDifficultyRuleSets(): GradedRuleSet[] {
  return Object.keys(TABLES).map((key) => {
    const [rules, draw, passes] = key.split('/') as [GradedRuleSet['rules'], string, string | undefined];
    return { rules, draw: Number(draw.slice('draw'.length)), passes: passes === undefined || passes === 'passesunlimited' ? Infinity : Number(passes.slice('passes'.length)) };
  });
}
