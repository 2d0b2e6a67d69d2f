import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The Tabletop Lab's batched line protocol (docs/player-protocol.md), for the harnesses: reads
 * `batch K` and K observation lines, answers K lines. The player's own System.out goes to stderr,
 * so that nothing it prints can be read as an answer; a throw is answered `threw <exception>`,
 * which the lab records as a fault of that game.
 */
public final class TabletopProtocol {
    private static final String SUITS = "SHCD";
    private static final String[] RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};

    private TabletopProtocol() { }

    /** The card of an ASCII code such as 7H, 10S or AD. */
    static Card card(String code) {
        return card(code, 0, code.length());
    }

    /** The card whose code is `text` from `from` to `to` (exclusive), read in place; IllegalArgumentException if it is none. */
    static Card card(String text, int from, int to) {
        int r;
        char first = text.charAt(from);
        if (to - from == 3 && first == '1' && text.charAt(from + 1) == '0') r = 10;
        else if (to - from != 2) r = 0;
        else if (first == 'A') r = 1;
        else if (first == 'J') r = 11;
        else if (first == 'Q') r = 12;
        else if (first == 'K') r = 13;
        else if (first >= '2' && first <= '9') r = first - '0';
        else r = 0;
        int s = SUITS.indexOf(text.charAt(to - 1)) + 1;
        if (r == 0 || s == 0) throw new IllegalArgumentException("no card: " + text.substring(from, to));
        return new Card(r, s);
    }

    /** The ASCII code of a card. */
    static String code(Card card) {
        return RANKS[card.getRankNum() - 1] + SUITS.charAt(card.getSuitNum() - 1);
    }

    /** A new instance of the student's class `name` (its no-argument constructor). */
    static Object player(String name) throws ReflectiveOperationException {
        return Class.forName(name).getDeclaredConstructor().newInstance();
    }

    /** Answers every batch on stdin with `answer` of each observation line, until stdin closes. */
    static void serve(Function<String, String> answer) throws java.io.IOException {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.US_ASCII);
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII), 1 << 16);
        StringBuilder answers = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (!line.startsWith("batch ")) continue;
            int count = Integer.parseInt(line.substring(6).trim());
            answers.setLength(0);
            for (int k = 0; k < count; k++) {
                String observation = in.readLine();
                if (observation == null) return;
                String move;
                try {
                    move = answer.apply(observation);
                } catch (RuntimeException error) {
                    move = "threw " + error.toString().replace('\n', ' ').replace('\r', ' ');
                }
                answers.append(move).append('\n');
            }
            protocol.print(answers);
            protocol.flush();
        }
    }
}
