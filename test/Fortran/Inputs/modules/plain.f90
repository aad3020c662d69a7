! No implicit none, and only the module's procedures: a module that
! declares nothing known still lets it be lowered and analysed.
subroutine plain(n, a)
  use mpi
  integer n, i
  double precision a(n), s
  call mpi_barrier(0, i)
  !$omp parallel do
  do i = 1, n
    s = a(i) * 2
    a(i) = s
  end do
end subroutine
