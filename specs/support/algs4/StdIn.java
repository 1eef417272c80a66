package edu.princeton.cs.algs4;

/** Standard input, with the course's API (stand-in, see README.md). */
public class StdIn {
    private static final In in = new In();

    protected StdIn() { }  // protected: the pre-2015 library's StdIn (support/algs4-2014) extends it
    public static boolean isEmpty() { return in.isEmpty(); }
    public static boolean hasNextLine() { return in.hasNextLine(); }
    public static String readLine() { return in.readLine(); }
    public static String readString() { return in.readString(); }
    public static int readInt() { return in.readInt(); }
    public static long readLong() { return in.readLong(); }
    public static double readDouble() { return in.readDouble(); }
    public static boolean readBoolean() { return in.readBoolean(); }
    public static String readAll() { return in.readAll(); }
    public static String[] readAllStrings() { return in.readAllStrings(); }
    public static String[] readAllLines() { return in.readAllLines(); }
    public static int[] readAllInts() { return in.readAllInts(); }
}
