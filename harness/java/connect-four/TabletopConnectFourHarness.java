import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Drives a student's Connect Four player (the assignment's Player.Player) over the referee's line
 * protocol (docs/connect-four-bots.md): init red|yellow -> init(true|false), answered "ready";
 * move -> move(), answered with the column; inform c -> inform(c). Usage: java
 * TabletopConnectFourHarness <name>.<name>. The player's own prints to System.out go to stderr, so
 * they cannot be taken for answers; an exception ends the program with its stack trace on stderr.
 */
public final class TabletopConnectFourHarness {
    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        if (args.length != 1) {
            System.err.println("usage: java TabletopConnectFourHarness <package>.<Class>");
            System.exit(2);
        }
        Object instance = Class.forName(args[0]).getDeclaredConstructor().newInstance();
        if (!(instance instanceof Player.Player)) {
            System.err.println(args[0] + " does not implement Player.Player");
            System.exit(2);
        }
        Player.Player player = (Player.Player) instance;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            String[] words = line.trim().split(" ");
            switch (words[0]) {
                case "init":
                    player.init(Boolean.valueOf(words[1].equals("red")));
                    System.err.println("name: " + player.name());
                    answer(protocol, "ready");
                    break;
                case "move":
                    answer(protocol, Integer.toString(player.move()));
                    break;
                case "inform":
                    player.inform(Integer.parseInt(words[1]));
                    break;
                default:
                    System.err.println("unknown message from the referee: " + line);
                    System.exit(2);
            }
        }
    }

    private static void answer(PrintStream protocol, String line) {
        protocol.print(line + "\n");
        protocol.flush();
    }
}
