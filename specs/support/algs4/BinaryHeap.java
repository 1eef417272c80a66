package edu.princeton.cs.algs4;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;

/** The heap both priority queues share: the top is the least key (or the greatest, reversed). */
class BinaryHeap<Key> {
    private Key[] pq;
    private int n = 0;
    private final Comparator<Key> comparator;
    private final boolean reversed;

    @SuppressWarnings("unchecked")
    BinaryHeap(int capacity, Comparator<Key> comparator, boolean reversed) {
        pq = (Key[]) new Object[Math.max(capacity, 1) + 1];
        this.comparator = comparator;
        this.reversed = reversed;
    }

    int size() { return n; }

    Key top() {
        if (n == 0) throw new NoSuchElementException("Priority queue underflow");
        return pq[1];
    }

    void insert(Key x) {
        if (n == pq.length - 1) resize(2 * pq.length);
        pq[++n] = x;
        swim(n);
    }

    Key removeTop() {
        if (n == 0) throw new NoSuchElementException("Priority queue underflow");
        Key top = pq[1];
        exchange(1, n--);
        sink(1);
        pq[n + 1] = null;
        if (n > 0 && n == (pq.length - 1) / 4) resize(pq.length / 2);
        return top;
    }

    Iterator<Key> inOrder() {
        BinaryHeap<Key> copy = new BinaryHeap<>(n, comparator, reversed);
        for (int i = 1; i <= n; i++) copy.insert(pq[i]);
        return new Iterator<Key>() {
            public boolean hasNext() { return copy.size() > 0; }
            public Key next() {
                if (!hasNext()) throw new NoSuchElementException();
                return copy.removeTop();
            }
        };
    }

    @SuppressWarnings("unchecked")
    private void resize(int capacity) {
        Key[] bigger = (Key[]) new Object[capacity];
        System.arraycopy(pq, 1, bigger, 1, n);
        pq = bigger;
    }

    private void swim(int k) {
        while (k > 1 && after(k / 2, k)) {
            exchange(k, k / 2);
            k = k / 2;
        }
    }

    private void sink(int k) {
        while (2 * k <= n) {
            int j = 2 * k;
            if (j < n && after(j, j + 1)) j++;
            if (!after(k, j)) break;
            exchange(k, j);
            k = j;
        }
    }

    @SuppressWarnings("unchecked")
    private boolean after(int i, int j) {
        int order = comparator != null ? comparator.compare(pq[i], pq[j])
                                       : ((Comparable<Key>) pq[i]).compareTo(pq[j]);
        return reversed ? order < 0 : order > 0;
    }

    private void exchange(int i, int j) {
        Key swap = pq[i];
        pq[i] = pq[j];
        pq[j] = swap;
    }
}
