// The pre-2015 library's names (algs4.jar and stdlib.jar had no package: students imported
// nothing), each the stand-in of ../algs4 under its old name, MinPQ the grader's counting one.
// One file of package-private classes: the support files are copied beside the student's code
// by name, and ../algs4 has files of these names already. Listed beside the course's old jars,
// these take the jars' classes' place, as the packaged MinPQ takes a new jar's.

import java.io.File;
import java.util.Comparator;

class MinPQ<Key> extends edu.princeton.cs.algs4.MinPQ<Key> {
    public MinPQ() { super(); }
    public MinPQ(int initCapacity) { super(initCapacity); }
    public MinPQ(Comparator<Key> comparator) { super(comparator); }
    public MinPQ(int initCapacity, Comparator<Key> comparator) { super(initCapacity, comparator); }
    public MinPQ(Key[] keys) { super(keys); }
}

class MaxPQ<Key> extends edu.princeton.cs.algs4.MaxPQ<Key> {
    public MaxPQ() { super(); }
    public MaxPQ(int initCapacity) { super(initCapacity); }
    public MaxPQ(Comparator<Key> comparator) { super(comparator); }
    public MaxPQ(int initCapacity, Comparator<Key> comparator) { super(initCapacity, comparator); }
    public MaxPQ(Key[] keys) { super(keys); }
}

class Stack<Item> extends edu.princeton.cs.algs4.Stack<Item> {
}

class Queue<Item> extends edu.princeton.cs.algs4.Queue<Item> {
}

class In extends edu.princeton.cs.algs4.In {
    public In() { super(); }
    public In(File file) { super(file); }
    public In(String name) { super(name); }
}

class StdIn extends edu.princeton.cs.algs4.StdIn {
    private StdIn() { }
}

class StdOut extends edu.princeton.cs.algs4.StdOut {
    private StdOut() { }
}

class StdRandom extends edu.princeton.cs.algs4.StdRandom {
    private StdRandom() { }
}

class StdDraw extends edu.princeton.cs.algs4.StdDraw {
    private StdDraw() { }
}
