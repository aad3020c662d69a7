! race: no
! A workshare's statements run in order, with a barrier at its end.
program workshare_two_statements
  implicit none
  real :: a(2000), b(2000), c(2000)
  a = 1.0
  !$omp parallel
  !$omp workshare
  b = a + 1.0
  c = b * 2.0
  !$omp end workshare
  !$omp end parallel
  print *, c(1)
end program
