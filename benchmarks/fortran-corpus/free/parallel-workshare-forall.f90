! race: no
! A parallel workshare with a forall and an array assignment.
program parallel_workshare_forall
  implicit none
  integer :: i
  real :: a(1000), b(1000)
  a = 1.0
  !$omp parallel workshare
  forall (i = 1:1000) b(i) = a(i) * i
  a = b + 1.0
  !$omp end parallel workshare
  print *, a(1000)
end program
