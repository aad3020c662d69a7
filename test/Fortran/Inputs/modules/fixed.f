C     Fixed form: the USE statement starts in column 7.
      subroutine fixed(n, a)
      use mpi
      implicit none
      integer n, i
      double precision a(n), t
!$omp parallel do
      do i = 1, n
        t = a(i) + MPI_SUM
        a(i) = t
      end do
      end subroutine
